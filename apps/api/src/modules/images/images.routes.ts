import multipart from '@fastify/multipart';
import {
  ErrorBodySchema,
  IMAGE_MESSAGES,
  IMAGE_UPLOAD_MAX_BYTES,
  IMAGE_WIDTHS,
  IMAGE_FORMATS,
  UPLOADED_IMAGE_NAME,
  parseImageName,
  UploadedImageSchema,
} from '@bulkwise/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors';
import type { SecuredRouteOptions } from '../../plugins/secured';
import type { WriteRateLimit } from '../../plugins/security';
import type { ImagesService } from './images.service';

/** Room for the multipart boundaries and part headers around the file itself. */
const MULTIPART_OVERHEAD = 64 * 1024;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** POST /api/images, registered in the secured scope (plugins/secured.ts). */
export const imageUploadRoutes: FastifyPluginAsyncZod<{
  images: ImagesService;
  secured: SecuredRouteOptions;
  uploadRateLimit: WriteRateLimit;
}> = async (app, { images, secured, uploadRateLimit }) => {
  // One file and nothing else; a larger file stops being read at the limit (413).
  await app.register(multipart, {
    limits: { files: 1, fileSize: IMAGE_UPLOAD_MAX_BYTES, fields: 0, parts: 1, fieldNameSize: 100 },
  });

  app.post(
    '/images',
    {
      config: { ...secured.write.config, rateLimit: uploadRateLimit },
      // A declared length past the limit is refused before a byte of the body is read.
      onRequest: async (req) => {
        if (Number(req.headers['content-length'] ?? 0) > IMAGE_UPLOAD_MAX_BYTES + MULTIPART_OVERHEAD) {
          throw new AppError('PAYLOAD_TOO_LARGE', IMAGE_MESSAGES.tooLarge);
        }
      },
      schema: {
        tags: ['images'],
        summary: 'Upload a product image',
        description: `One image file as \`multipart/form-data\` (any field name), at most 10 MB. The type is decided
          by decoding the bytes: JPEG, PNG, WebP and AVIF are accepted, anything else is 415; more than 40
          megapixels or a damaged file is 400. The image is auto-rotated, stripped of all metadata and stored as
          WebP at widths ${IMAGE_WIDTHS.join(', ')} (never upscaled), each with an AVIF copy of the same name ending
          \`.avif\`. \`url\` (the widest WebP) is what a product's \`image\` takes; \`srcset\` lists every WebP width.`,
        consumes: ['multipart/form-data'],
        response: {
          201: UploadedImageSchema,
          400: ErrorBodySchema,
          413: ErrorBodySchema,
          415: ErrorBodySchema,
        },
      },
    },
    async (req, reply) => {
      if (!req.isMultipart()) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the image as multipart/form-data');
      }
      const file = await req.file();
      if (!file) throw new AppError('BAD_REQUEST', IMAGE_MESSAGES.noFile);
      let bytes: Buffer;
      try {
        bytes = await file.toBuffer();
      } catch (err) {
        if ((err as { statusCode?: number }).statusCode === 413) {
          throw new AppError('PAYLOAD_TOO_LARGE', IMAGE_MESSAGES.tooLarge);
        }
        throw err;
      }
      if (bytes.length === 0) throw new AppError('BAD_REQUEST', IMAGE_MESSAGES.noFile);
      return reply.status(201).send(await images.upload(req.user, bytes));
    },
  );
};

/** GET /images/u/<name>: public, outside /api; names are content-addressed, so cached for good. */
export const imageFileRoutes: FastifyPluginAsyncZod<{ images: ImagesService }> = async (app, { images }) => {
  app.get(
    '/images/u/:name',
    {
      schema: {
        hide: true,
        params: z.object({ name: z.string().regex(UPLOADED_IMAGE_NAME, 'Not an image name') }),
      },
    },
    async (req, reply) => {
      const { name } = req.params;
      const { format } = parseImageName(name)!;
      // Content-addressed: the name is the entity. (A WebP's tag has kept its name without the extension.)
      const etag = `"${name.replace(/\.webp$/, '')}"`;
      reply.header('cache-control', IMMUTABLE).header('etag', etag);
      if (req.headers['if-none-match']?.split(/\s*,\s*/).includes(etag)) return reply.status(304).send();
      const data = await images.read(name);
      if (!data) {
        reply.header('cache-control', 'no-store').removeHeader('etag');
        throw new AppError('NOT_FOUND', 'Image not found');
      }
      return reply.type(IMAGE_FORMATS[format]).send(data);
    },
  );
};
