import { IMAGE_UPLOAD_MAX_BYTES, IMAGE_MESSAGES } from '@bulkwise/contracts';
import { useRef, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';
import { uploadImage } from '../api/upload-image';

export type Upload =
  { state: 'idle' } | { state: 'sending'; sent: number } | { state: 'failed'; message: string };

/** Uploads a chosen or dropped photo, with its progress, and puts its address in the image field. */
export function useImageUpload(input: UseFormRegisterReturn) {
  const field = useRef<HTMLInputElement | null>(null);
  const [upload, setUpload] = useState<Upload>({ state: 'idle' });

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

  return { field, upload, send };
}
