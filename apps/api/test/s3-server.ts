import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/**
 * A local S3 server (s3rver) on a free port with one empty bucket, for the S3 storage's tests: the same
 * protocol as AWS S3, MinIO or R2, started and stopped by the test itself.
 */
export async function startS3Server() {
  const directory = await mkdtemp(path.join(tmpdir(), 'bulkwise-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory });
  const { port } = await server.run();
  const s3 = {
    bucket: 'bulkwise-test-images',
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  };
  const client = new S3Client({ ...s3, forcePathStyle: true });
  await client.send(new CreateBucketCommand({ Bucket: s3.bucket }));
  client.destroy();
  return {
    s3,
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
