import { IMAGE_FORMATS, IMAGE_SIZES, imageSrcset } from '@bulkwise/contracts';
import { useState, type ImgHTMLAttributes } from 'react';

export const PLACEHOLDER_IMAGE = '/images/placeholder.svg';
/** `sizes` of a card in the product grids. */
export const CARD_GRID_SIZES = IMAGE_SIZES.cardGrid;

export type ImageWithFallbackProps = Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  'src' | 'srcSet' | 'alt' | 'onError'
> & {
  src: string | null | undefined;
  /** Required: every product and category image names what it shows. */
  alt: string;
  fallbackSrc?: string;
  /** Above the fold: 'eager' loads at once, 'high' also before the rest (the page's largest paint). */
  priority?: 'high' | 'eager';
};

/**
 * An image that shows the placeholder instead of the browser's broken-image icon when its URL fails
 * (suppliers paste image links from anywhere). A failing fallback is not retried, so it cannot loop.
 * An uploaded image gets its `srcset` (every stored width, AVIF where the browser decodes it, else WebP)
 * so the browser fetches the width `sizes` asks for: the caller says how wide the image is laid out.
 */
export function ImageWithFallback({
  src,
  alt,
  fallbackSrc = PLACEHOLDER_IMAGE,
  priority,
  ...props
}: ImageWithFallbackProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const wanted = src || fallbackSrc;
  const shown = failedSrc === wanted ? fallbackSrc : wanted;

  const srcset = imageSrcset(shown);
  const image = (
    <img
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority === 'high' ? 'high' : undefined}
      decoding="async"
      {...props}
      src={shown}
      srcSet={srcset}
      alt={alt}
      onError={() => {
        if (shown !== fallbackSrc) setFailedSrc(wanted);
      }}
    />
  );
  if (!srcset) return image;
  // An upload: its AVIF copies first (about 40 % fewer bytes), the WebP files for browsers without AVIF.
  // `contents`: the <picture> makes no box, so the <img> lays out exactly as it would alone.
  return (
    <picture className="contents">
      <source type={IMAGE_FORMATS.avif} srcSet={imageSrcset(shown, 'avif')} sizes={props.sizes} />
      {image}
    </picture>
  );
}

/**
 * A square image laid out at a fixed size in CSS pixels (an avatar, a thumbnail): its width, height
 * and `sizes` all follow from `size`, so the box is reserved and the srcset picks the right file.
 */
export function Thumbnail({ size, ...props }: ImageWithFallbackProps & { size: number }) {
  return <ImageWithFallback sizes={`${size}px`} width={size} height={size} {...props} />;
}
