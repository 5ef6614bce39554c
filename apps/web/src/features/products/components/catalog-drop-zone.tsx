import { FileUp } from 'lucide-react';
import { useId, useState, type DragEvent } from 'react';
import { CATALOG_IMPORT_COPY as COPY } from '../catalog-import-copy';

/** Choose or drop the CSV file; after a preview it offers another file. */
export function CatalogDropZone({
  file,
  previewed,
  onFile,
}: {
  file: File | null;
  previewed: boolean;
  onFile: (file: File) => void;
}) {
  const inputId = useId();
  const [dragging, setDragging] = useState(false);
  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped) onFile(dropped);
  };
  return (
    <label
      htmlFor={inputId}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      data-testid="import-drop-zone"
      className={`flex cursor-pointer flex-col items-center gap-2 rounded-box border-2 border-dashed p-6 text-center ${dragging ? 'border-primary bg-primary/5' : 'border-base-300'}`}
    >
      <FileUp className="size-6" aria-hidden="true" />
      <span className="font-semibold">{file && previewed ? COPY.chooseAnother : COPY.choose}</span>
      <span className="text-sm text-base-content/70">{file ? file.name : COPY.dropHint}</span>
      <input
        id={inputId}
        type="file"
        accept=".csv,text/csv"
        className="sr-only"
        onChange={(event) => {
          const chosen = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          if (chosen) onFile(chosen);
        }}
      />
    </label>
  );
}
