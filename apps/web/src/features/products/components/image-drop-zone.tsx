import { ImageUp } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { Thumbnail } from '@/components/ui/image-with-fallback';
import type { Upload } from './use-image-upload';

const ACCEPT = 'image/jpeg,image/png,image/webp,image/avif';

/** The preview, the drop target and Upload a photo, with the upload's progress or failure. */
export function ImageDropZone({
  value,
  upload,
  onFile,
}: {
  value: string;
  upload: Upload;
  onFile: (file: File | undefined) => void;
}) {
  const statusId = useId();
  const [dragging, setDragging] = useState(false);
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    onFile(event.dataTransfer.files[0]);
  };
  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    onFile(event.target.files?.[0]);
    event.target.value = '';
  };
  return (
    <div
      data-testid="image-drop-zone"
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      className={`flex items-center gap-4 rounded-box border-2 border-dashed p-3 ${
        dragging ? 'border-primary bg-primary/5' : 'border-base-300'
      }`}
    >
      <ImagePreview value={value} />
      <div className="flex min-w-0 grow flex-col gap-1 text-sm">
        <p className="text-base-content/70">Drop a photo here (JPEG, PNG, WebP or AVIF, up to 10 MB) or</p>
        <PhotoChooser statusId={statusId} disabled={upload.state === 'sending'} onChoose={onChoose} />
        <UploadStatus id={statusId} upload={upload} />
      </div>
    </div>
  );
}

function ImagePreview({ value }: { value: string }) {
  return (
    <div className="size-20 shrink-0 overflow-hidden rounded-lg bg-base-200">
      {value ? (
        <Thumbnail
          src={value}
          alt="Preview of the product image"
          size={80}
          className="size-full object-cover"
          data-testid="image-preview"
        />
      ) : null}
    </div>
  );
}

/** The upload's progress or why it failed, announced as it changes. */
function UploadStatus({ id, upload }: { id: string; upload: Upload }) {
  return (
    <div id={id} role="status" aria-live="polite">
      {upload.state === 'sending' && (
        <div className="flex items-center gap-2">
          <progress
            className="progress progress-primary w-40"
            value={Math.round(upload.sent * 100)}
            max={100}
            aria-label="Uploading photo"
          />
          <span>Uploading… {Math.round(upload.sent * 100)}%</span>
        </div>
      )}
      {upload.state === 'failed' && <span className="text-error">{upload.message}</span>}
    </div>
  );
}

/** Upload a photo: opens the file chooser (a hidden input, out of the tab order). */
function PhotoChooser({
  statusId,
  disabled,
  onChoose,
}: {
  statusId: string;
  disabled: boolean;
  onChoose: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  const chooser = useRef<HTMLInputElement>(null);
  return (
    <div>
      <button
        type="button"
        className="btn btn-outline btn-sm"
        onClick={() => chooser.current?.click()}
        disabled={disabled}
        aria-describedby={statusId}
      >
        <ImageUp className="size-4" aria-hidden="true" />
        Upload a photo
      </button>
      <input
        ref={chooser}
        type="file"
        accept={ACCEPT}
        className="hidden"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="image-file-input"
        onChange={onChoose}
      />
    </div>
  );
}
