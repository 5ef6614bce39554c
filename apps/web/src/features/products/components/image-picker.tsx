import { IMAGE_UPLOAD_MAX_BYTES, IMAGE_MESSAGES, imageSrcset } from '@bulkwise/contracts';
import { ImageUp } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { useWatch, type Control, type UseFormRegisterReturn } from 'react-hook-form';
import { TextInput } from '@/components/form/controls';
import { ImageWithFallback } from '@/components/ui/image-with-fallback';
import { ApiError } from '@/lib/api-client';
import { uploadImage } from '../api/upload-image';
import type { ProductFormValues } from '../product-form-checks';

const ACCEPT = 'image/jpeg,image/png,image/webp,image/avif';

type Upload = { state: 'idle' } | { state: 'sending'; sent: number } | { state: 'failed'; message: string };

/**
 * The product's image: drop or choose a photo (uploaded at once, with progress, its address put in the
 * field), or paste an image URL as before. The field stays the one text input the form validates.
 */
export function ImagePicker({
  input,
  control,
}: {
  input: UseFormRegisterReturn;
  control: Control<ProductFormValues>;
}) {
  const value = String(useWatch({ control, name: 'image' }) ?? '').trim();
  const field = useRef<HTMLInputElement | null>(null);
  const chooser = useRef<HTMLInputElement>(null);
  const statusId = useId();
  const [upload, setUpload] = useState<Upload>({ state: 'idle' });
  const [dragging, setDragging] = useState(false);

  async function send(file: File | undefined) {
    if (!file) return;
    if (file.size > IMAGE_UPLOAD_MAX_BYTES) {
      setUpload({ state: 'failed', message: IMAGE_MESSAGES.tooLarge });
      return;
    }
    setUpload({ state: 'sending', sent: 0 });
    try {
      const image = await uploadImage(file, { onProgress: (sent) => setUpload({ state: 'sending', sent }) });
      const element = field.current;
      if (element) {
        element.value = image.url;
        // react-hook-form reads the element it registered: tell it the value changed.
        await input.onChange({ target: element, type: 'change' });
      }
      setUpload({ state: 'idle' });
    } catch (err) {
      setUpload({
        state: 'failed',
        message: err instanceof ApiError ? err.message : 'The upload failed. Please try again.',
      });
    }
  }

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    void send(event.dataTransfer.files[0]);
  };
  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    void send(event.target.files?.[0]);
    event.target.value = '';
  };
  const sending = upload.state === 'sending';

  return (
    <div className="flex flex-col gap-2">
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
        <div className="size-20 shrink-0 overflow-hidden rounded-lg bg-base-200">
          {value ? (
            <ImageWithFallback
              src={value}
              alt="Preview of the product image"
              sizes="80px"
              width={80}
              height={80}
              className="size-full object-cover"
              data-testid="image-preview"
            />
          ) : null}
        </div>
        <div className="flex min-w-0 grow flex-col gap-1 text-sm">
          <p className="text-base-content/70">Drop a photo here (JPEG, PNG, WebP or AVIF, up to 10 MB) or</p>
          <div>
            <button
              type="button"
              className="btn btn-outline btn-sm"
              onClick={() => chooser.current?.click()}
              disabled={sending}
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
          <div id={statusId} role="status" aria-live="polite">
            {sending && (
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
        </div>
      </div>
      <TextInput
        type="url"
        inputMode="url"
        autoComplete="url"
        placeholder="https://example.com/product.jpg"
        required
        {...input}
        ref={(element) => {
          field.current = element;
          input.ref(element);
        }}
      />
      {value && imageSrcset(value) && (
        <p className="text-xs text-base-content/70">Uploaded photo: stored in four sizes for fast pages.</p>
      )}
    </div>
  );
}
