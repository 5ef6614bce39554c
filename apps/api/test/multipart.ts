import { randomBytes } from 'node:crypto';

/** A multipart/form-data body with one file part, as a browser's FormData would send it. */
export function multipartFile(
  data: Buffer,
  options: { filename?: string; contentType?: string; field?: string } = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----bulkwise${randomBytes(8).toString('hex')}`;
  const head =
    `--${boundary}\r\n` +
    `Content-Disposition: form-data; name="${options.field ?? 'file'}"; filename="${options.filename ?? 'photo.jpg'}"\r\n` +
    `Content-Type: ${options.contentType ?? 'application/octet-stream'}\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
