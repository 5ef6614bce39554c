import { UploadedImageSchema, type UploadedImage } from '@bulkwise/contracts';
import { apiUpload } from '@/lib/api-client';

/** POST /api/images: the photo as a form's one file, with upload progress (0 to 1). */
export function uploadImage(
  file: File,
  options: { onProgress?: (sent: number) => void; signal?: AbortSignal } = {},
): Promise<UploadedImage> {
  const form = new FormData();
  form.append('file', file);
  return apiUpload('/images', form, UploadedImageSchema, options);
}
