import { env } from '@/config/env';
import { ApiError } from '@/lib/api-client';
import { saveBlob } from '@/lib/save-file';
import { getToken } from '@/lib/session';

/**
 * A file of the API (invoice PDF, statement) saved with the session token: a plain link could not send
 * it, and the api-client reads bodies as text, which would spoil a PDF's bytes.
 */
export async function downloadFile(path: string, name: string): Promise<void> {
  const token = getToken();
  const res = await fetch(`${env.apiBaseUrl}${path}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) throw new ApiError(res.status, `HTTP_${res.status}`, 'The file could not be downloaded.');
  saveBlob(await res.blob(), name);
}
