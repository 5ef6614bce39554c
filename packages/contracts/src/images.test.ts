import { describe, expect, it } from 'vitest';
import {
  imageSrcset,
  largestVariantWidth,
  parseImageName,
  parseUploadedImage,
  variantWidths,
} from './images';
import { ImageUrlSchema } from './products';

const ID = '0123456789abcdef0123456789abcdef';

describe('uploaded image addresses', () => {
  it('knows every stored width from the widest: the standard ones below it, and itself', () => {
    expect(variantWidths(1280)).toEqual([160, 320, 640, 672, 800, 1280]);
    expect(variantWidths(500)).toEqual([160, 320, 500]);
    expect(variantWidths(100)).toEqual([100]);
    expect(largestVariantWidth(4000)).toBe(1280);
    expect(largestVariantWidth(900)).toBe(900);
  });

  it('gives an upload its srcset and any other image none', () => {
    expect(imageSrcset(`/images/u/${ID}-500.webp`)).toBe(
      `/images/u/${ID}-160.webp 160w, /images/u/${ID}-320.webp 320w, /images/u/${ID}-500.webp 500w`,
    );
    expect(imageSrcset(`/images/u/${ID}-500.webp`, 'avif')).toBe(
      `/images/u/${ID}-160.avif 160w, /images/u/${ID}-320.avif 320w, /images/u/${ID}-500.avif 500w`,
    );
    expect(imageSrcset('https://cdn.example.com/a.jpg')).toBeUndefined();
    expect(imageSrcset('https://cdn.example.com/a.jpg', 'avif')).toBeUndefined();
    expect(imageSrcset('/images/products/bolts.svg')).toBeUndefined();
  });

  it("reads a stored file's name in either format, and an upload address only as its WebP", () => {
    expect(parseImageName(`${ID}-672.avif`)).toEqual({ id: ID, width: 672, format: 'avif' });
    expect(parseImageName(`${ID}-672.webp`)).toEqual({ id: ID, width: 672, format: 'webp' });
    for (const other of [`${ID}-672.png`, `${ID}-0672.avif`, `../${ID}-672.avif`, `${ID}-672.avif.webp.x`])
      expect(parseImageName(other), other).toBeUndefined();
    // A product's image is the upload's WebP address: the AVIF copies are offered beside it, never named.
    expect(parseUploadedImage(`/images/u/${ID}-640.avif`)).toBeUndefined();
  });

  it('reads only the exact shape of an upload address', () => {
    expect(parseUploadedImage(`/images/u/${ID}-640.webp`)).toEqual({ id: ID, width: 640 });
    for (const other of [
      `/images/u/${ID}-0640.webp`,
      `/images/u/${ID.toUpperCase()}-640.webp`,
      `/images/u/${ID}-640.png`,
      `/images/u/../${ID}-640.webp`,
      `https://example.com/images/u/${ID}-640.webp`,
    ]) {
      expect(parseUploadedImage(other), other).toBeUndefined();
    }
  });

  it('lets a product image be an upload address, and refuses anything else under /images/u/', () => {
    expect(ImageUrlSchema.safeParse(`/images/u/${ID}-640.webp`).success).toBe(true);
    expect(ImageUrlSchema.safeParse('/images/u/x.png').success).toBe(false);
    expect(ImageUrlSchema.safeParse('https://cdn.example.com/x.jpg').success).toBe(true);
  });
});
