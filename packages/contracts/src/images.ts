import { z } from 'zod';

/** POST /api/images: one file of at most this many bytes. */
export const IMAGE_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** More pixels than this is refused before decoding (a small file can unpack to gigabytes). */
export const IMAGE_MAX_PIXELS = 40_000_000;
/**
 * The widths an upload is stored at (WebP and AVIF), never larger than the photo itself: 160, 320, 640 and 1280 as
 * issue #24 set them, and two for the common phone, whose product-page photo box is 328 to 382 CSS px
 * (a 360 to 414 px screen less the page's padding), 656 to 764 px at 1.75x to 2x. Without 800 such a
 * phone took the 1280 px file, about 2.5 times the bytes; without 672 a 412 px phone at 1.75x
 * (Lighthouse's mobile) needs 662 px, cannot take 640 and took 800: a third of its bytes wasted. An upload
 * from before a width existed gets that file made on its first request (images.service `read`).
 */
export const IMAGE_WIDTHS = [160, 320, 640, 672, 800, 1280] as const;
export const UPLOADED_IMAGE_PREFIX = '/images/u/';
/**
 * The formats every width is stored in. WebP is the upload's address (a product's `image`) and what any
 * browser can show; AVIF holds the same pixels in about 40 % fewer bytes (a phone's 672 px product photo:
 * 41 KB against 97 KB), offered first through <picture> so browsers that decode it fetch less.
 */
export const IMAGE_FORMATS = { webp: 'image/webp', avif: 'image/avif' } as const;
export type ImageFormat = keyof typeof IMAGE_FORMATS;
/** Every format an upload's widths are stored in. */
export const STORED_IMAGE_FORMATS = Object.keys(IMAGE_FORMATS) as ImageFormat[];
/** Where a browser sees the upload's variants: `/images/u/<id>-<width>.webp`, the id a SHA-256 prefix. */
const UPLOADED_IMAGE_PATH = /^\/images\/u\/([0-9a-f]{32})-([1-9][0-9]{0,4})\.webp$/;
/** A stored variant's name: `<id>-<width>.<format>`. */
export const UPLOADED_IMAGE_NAME = /^([0-9a-f]{32})-([1-9][0-9]{0,4})\.(webp|avif)$/;

export const IMAGE_MESSAGES = {
  unsupported: 'Upload a JPEG, PNG, WebP or AVIF image',
  damaged: 'The image file is damaged or incomplete',
  tooManyPixels: `The image is larger than ${IMAGE_MAX_PIXELS / 1_000_000} megapixels`,
  tooLarge: `The image must be at most ${IMAGE_UPLOAD_MAX_BYTES / 1024 / 1024} MB`,
  noFile: 'Choose an image file to upload',
  notYours: 'This uploaded image is not one of yours: upload it again',
  badUploadPath: 'Uploaded image address is not valid',
} as const;

/**
 * The widths stored for an upload whose largest variant is `largest` px wide: every standard width
 * below it, and itself (a 500 px photo gives 160, 320 and 500).
 */
export function variantWidths(largest: number): number[] {
  return [...IMAGE_WIDTHS.filter((w) => w < largest), largest];
}

/** The widest variant stored for a photo `width` px wide (after auto-rotation). */
export function largestVariantWidth(width: number): number {
  return Math.min(width, IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!);
}

export const uploadedImageName = (id: string, width: number, format: ImageFormat = 'webp') =>
  `${id}-${width}.${format}`;
export const uploadedImagePath = (id: string, width: number, format: ImageFormat = 'webp') =>
  `${UPLOADED_IMAGE_PREFIX}${uploadedImageName(id, width, format)}`;

/** The id, width and format of a stored variant's name, or undefined for any other name. */
export function parseImageName(name: string): { id: string; width: number; format: ImageFormat } | undefined {
  const match = UPLOADED_IMAGE_NAME.exec(name);
  return match ? { id: match[1]!, width: Number(match[2]), format: match[3] as ImageFormat } : undefined;
}

/** The id and width of an uploaded image's address, or undefined for any other image. */
export function parseUploadedImage(url: string): { id: string; width: number } | undefined {
  const match = UPLOADED_IMAGE_PATH.exec(url);
  return match ? { id: match[1]!, width: Number(match[2]) } : undefined;
}

/** True for '/images/u/…' addresses: they must name an upload (checked by the API against its owner). */
export const isUploadedImagePath = (url: string) => url.startsWith(UPLOADED_IMAGE_PREFIX);

/**
 * The `srcset` of an image address in one format: every stored width of an upload, so a phone picks
 * the 320 px file; undefined for other addresses (one file, nothing to choose from).
 */
export function imageSrcset(url: string, format: ImageFormat = 'webp'): string | undefined {
  const upload = parseUploadedImage(url);
  if (!upload) return undefined;
  return variantWidths(upload.width)
    .map((w) => `${uploadedImagePath(upload.id, w, format)} ${w}w`)
    .join(', ');
}

/**
 * How wide the pages lay images out (the `sizes` of their srcset), here because the server's preload
 * of a page's largest image must name the same file the page's <img> will pick.
 */
export const IMAGE_SIZES = {
  /** A card of the product grids: one column on phones, two from md, three from lg (1280 px page). */
  cardGrid: '(min-width: 1280px) 400px, (min-width: 1024px) 33vw, (min-width: 768px) 50vw, 100vw',
  /**
   * The product page's photo: half of the 1280 px page from lg (less the 2.5rem gap and 2rem of page
   * padding), the page's width less its padding below it. `100vw` there made a 412 px phone at 1.75x
   * take the 800 px file for a 378 px box, and Lighthouse counted the extra bytes as wasted.
   */
  productPage: '(min-width: 1280px) 600px, (min-width: 1024px) calc(50vw - 2.25rem), calc(100vw - 2rem)',
} as const;

/** POST /api/images answer: `url` is the widest variant (the value a product's `image` takes). */
export const UploadedImageSchema = z.object({
  id: z.string(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  srcset: z.string(),
});
export type UploadedImage = z.infer<typeof UploadedImageSchema>;
