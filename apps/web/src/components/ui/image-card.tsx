import type { ReactNode } from 'react';
import { CARD_GRID_SIZES, ImageWithFallback } from './image-with-fallback';

interface ImageCardProps {
  /** The id of the card's heading; the card is labelled by it. */
  titleId: string;
  image: string;
  alt: string;
  /** The image box's shape, for example 'aspect-[4/3]'. */
  aspect: 'aspect-[16/9]' | 'aspect-[4/3]';
  /** How far the card lifts under the pointer. */
  lift?: 'md' | 'lg';
  /** Laid over the image (for example a badge in its corner). */
  overlay?: ReactNode;
  /** The card's body. */
  children: ReactNode;
}

// Whole class names, so Tailwind finds them in the source.
const LIFT = { md: 'hover:shadow-md', lg: 'hover:shadow-lg' } as const;

/** A card that opens with a full-width image: categories and the owner's products. */
export function ImageCard({ titleId, image, alt, aspect, lift = 'lg', overlay, children }: ImageCardProps) {
  return (
    <article
      aria-labelledby={titleId}
      className={`card h-full overflow-hidden border border-base-300 bg-base-100 shadow-sm transition-shadow ${LIFT[lift]}`}
    >
      <figure className={`relative ${aspect} bg-base-200`}>
        <ImageWithFallback src={image} alt={alt} sizes={CARD_GRID_SIZES} className="size-full object-cover" />
        {overlay}
      </figure>
      {children}
    </article>
  );
}
