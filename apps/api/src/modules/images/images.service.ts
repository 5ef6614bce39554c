import {
  IMAGE_MESSAGES,
  STORED_IMAGE_FORMATS,
  imageSrcset,
  parseImageName,
  parseUploadedImage,
  uploadedImageName,
  uploadedImagePath,
  variantWidths,
  type UploadedImage,
} from '@bulkwise/contracts';
import { AppError } from '../../errors';
import type { AuthUser } from '../auth/tokens';
import { processImage, resizeVariant } from './images.process';
import type { ImagesRepository } from './images.repository';
import type { ImageStorage } from './images.storage';

/** An upload nothing references is removed this long after its last use. */
export const UNUSED_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;
/** Decodes at a time in one process: a 40-megapixel decode holds ~160 MB, and two cores do not go faster. */
const MAX_DECODING = 2;
const SWEEP_BATCH = 100;

/** Every stored file of an upload whose widest variant is `width` px: each width in each format. */
const storedNames = (id: string, width: number) =>
  STORED_IMAGE_FORMATS.flatMap((format) => variantWidths(width).map((w) => uploadedImageName(id, w, format)));

/** At most MAX_DECODING decodes at a time; the others wait their turn. */
function decodeSlots() {
  let decoding = 0;
  const waiting: Array<() => void> = [];

  return async function decodeSlot<T>(work: () => Promise<T>): Promise<T> {
    if (decoding >= MAX_DECODING) await new Promise<void>((resolve) => waiting.push(resolve));
    else decoding += 1;
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else decoding -= 1;
    }
  };
}

/** Whether the images a save names are the caller's uploads (marked used, so the sweep keeps them). */
function ownership(repository: ImagesRepository) {
  return {
    /**
     * A product's `image` that names an upload must be one of the caller's (refused as a field error
     * otherwise); other images pass. Marks the upload used, so the sweep keeps it.
     */
    async assertOwnImage(user: AuthUser, image: string): Promise<void> {
      const upload = parseUploadedImage(image);
      if (!upload) return;
      const owned = await repository.claimOwned(user.uid, [upload.id]);
      if (!owned.has(upload.id)) {
        throw new AppError('VALIDATION_FAILED', `Invalid image: ${IMAGE_MESSAGES.notYours}`, {
          image: IMAGE_MESSAGES.notYours,
        });
      }
    },

    /** Of the upload ids named by `images`, those that are not the caller's (the catalog import's check). */
    async foreignUploads(user: AuthUser, images: Iterable<string>): Promise<Set<string>> {
      const ids = new Set<string>();
      for (const image of images) {
        const upload = parseUploadedImage(image);
        if (upload) ids.add(upload.id);
      }
      const owned = await repository.claimOwned(user.uid, [...ids]);
      return new Set([...ids].filter((id) => !owned.has(id)));
    },
  };
}

/** Removes uploads unused for a day that no product or order shows. Answers how many images went. */
function sweepUnused(repository: ImagesRepository, storage: ImageStorage, clock: () => Date) {
  return async (): Promise<number> => {
    const before = new Date(clock().getTime() - UNUSED_UPLOAD_TTL_MS);
    let removed = 0;
    for (;;) {
      const ids = await repository.staleIds(before, SWEEP_BATCH);
      for (const id of ids) {
        const gone = await repository.sweepOne(id, before, (width) => storage.remove(storedNames(id, width)));
        if (gone) removed += 1;
      }
      if (ids.length < SWEEP_BATCH) return removed;
    }
  };
}

export function createImagesService(deps: {
  repository: ImagesRepository;
  storage: ImageStorage;
  clock?: () => Date;
}) {
  const { repository, storage } = deps;
  const clock = deps.clock ?? (() => new Date());
  const decodeSlot = decodeSlots();
  return {
    storage,
    ...ownership(repository),
    sweep: sweepUnused(repository, storage, clock),

    /** POST /api/images: decode, size, store; the answer names the widest variant and every width. */
    async upload(user: AuthUser, bytes: Buffer): Promise<UploadedImage> {
      const image = await decodeSlot(() => processImage(bytes));
      await repository.recordUpload(
        { id: image.id, ownerUid: user.uid, width: image.width, height: image.height },
        async () => {
          await Promise.all(
            image.variants.map((v) => storage.put(uploadedImageName(image.id, v.width, v.format), v.data)),
          );
        },
      );
      const url = uploadedImagePath(image.id, image.width);
      return { id: image.id, url, width: image.width, height: image.height, srcset: imageSrcset(url)! };
    },

    /**
     * GET /images/u/<name>: the variant's bytes, or undefined. A file that an upload from before its width
     * or format existed lacks is made once from its widest WebP and stored, so every srcset entry holds.
     */
    async read(name: string): Promise<Buffer | undefined> {
      const stored = await storage.get(name);
      if (stored) return stored;
      const wanted = parseImageName(name);
      if (!wanted) return undefined;
      const widest = await repository.widthOf(wanted.id);
      const isSource = wanted.format === 'webp' && wanted.width === widest;
      if (!widest || isSource || !variantWidths(widest).includes(wanted.width)) return undefined;
      const source = await storage.get(uploadedImageName(wanted.id, widest));
      if (!source) return undefined;
      const data = await decodeSlot(() => resizeVariant(source, wanted.width, wanted.format));
      await storage.put(name, data);
      return data;
    },
  };
}
export type ImagesService = ReturnType<typeof createImagesService>;
