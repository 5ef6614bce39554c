import { useState, type ImgHTMLAttributes } from 'react';

export const PLACEHOLDER_IMAGE = '/images/placeholder.svg';

type ImageWithFallbackProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt' | 'onError'> & {
  src: string | null | undefined;
  /** Required: every product and category image names what it shows. */
  alt: string;
  fallbackSrc?: string;
};

/**
 * An image that shows the placeholder instead of the browser's broken-image icon when its URL fails
 * (suppliers paste image links from anywhere). A failing fallback is not retried, so it cannot loop.
 */
export function ImageWithFallback({
  src,
  alt,
  fallbackSrc = PLACEHOLDER_IMAGE,
  ...props
}: ImageWithFallbackProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const wanted = src || fallbackSrc;
  const shown = failedSrc === wanted ? fallbackSrc : wanted;

  return (
    <img
      loading="lazy"
      decoding="async"
      {...props}
      src={shown}
      alt={alt}
      onError={() => {
        if (shown !== fallbackSrc) setFailedSrc(wanted);
      }}
    />
  );
}
