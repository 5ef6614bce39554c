import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { IMAGE_FORMATS, parseImageName } from '@bulkwise/contracts';
import type { ImagesConfig } from '../../config/env';

/**
 * Where variants live, by name (`<id>-<width>.webp` and `.avif`). Names are content-addressed, so a put of an existing
 * name writes the same bytes again and a reader never sees a half-changed file.
 */
export interface ImageStorage {
  readonly kind: 'disk' | 's3';
  put(name: string, data: Buffer): Promise<void>;
  /** The bytes, or undefined when there is no such file. */
  get(name: string): Promise<Buffer | undefined>;
  remove(names: string[]): Promise<void>;
  close(): void;
}

/** Files in one directory, written to a temporary name and renamed, so a crash leaves no partial image. */
export function createDiskStorage(dir: string): ImageStorage {
  const ready = mkdir(dir, { recursive: true });
  return {
    kind: 'disk',
    async put(name, data) {
      await ready;
      const temporary = path.join(dir, `.${name}.${process.pid}.${Math.random().toString(36).slice(2)}`);
      await writeFile(temporary, data);
      await rename(temporary, path.join(dir, name));
    },
    async get(name) {
      try {
        return await readFile(path.join(dir, name));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw err;
      }
    },
    async remove(names) {
      await Promise.all(names.map((name) => rm(path.join(dir, name), { force: true })));
    },
    close() {},
  };
}

/**
 * An S3 bucket (AWS, or an S3-compatible server at `endpoint`: MinIO, R2, s3rver in the tests, addressed
 * path-style). Objects are private: the API serves them with its own cache headers.
 */
export function createS3Storage(s3: NonNullable<ImagesConfig['s3']>): ImageStorage {
  const client = new S3Client({
    region: s3.region,
    ...(s3.endpoint ? { endpoint: s3.endpoint, forcePathStyle: true } : {}),
    ...(s3.credentials ? { credentials: s3.credentials } : {}),
  });
  const Bucket = s3.bucket;
  return {
    kind: 's3',
    async put(name, data) {
      const ContentType = IMAGE_FORMATS[parseImageName(name)?.format ?? 'webp'];
      await client.send(new PutObjectCommand({ Bucket, Key: name, Body: data, ContentType }));
    },
    async get(name) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: name }));
        return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : undefined;
      } catch (err) {
        if (err instanceof NoSuchKey || (err as { name?: string }).name === 'NoSuchKey') return undefined;
        throw err;
      }
    },
    async remove(names) {
      if (names.length === 0) return;
      await client.send(
        new DeleteObjectsCommand({ Bucket, Delete: { Objects: names.map((Key) => ({ Key })), Quiet: true } }),
      );
    },
    close() {
      client.destroy();
    },
  };
}

export function createImageStorage(config: ImagesConfig): ImageStorage {
  return config.s3 ? createS3Storage(config.s3) : createDiskStorage(config.dir);
}
