import { Star } from 'lucide-react';

/** Ratings are shown with one decimal (spec section 9): 4 -> '4.0'. */
export function formatRating(value: number | null | undefined): string {
  return (Number.isFinite(value) ? (value as number) : 0).toFixed(1);
}

interface RatingStarsProps {
  /** 0-5; the first round(rating) stars are filled. */
  rating: number;
  max?: number;
  className?: string;
  starClassName?: string;
}

/** Five stars with the first N filled, read out as one image: 'Rated N out of 5'. */
export function RatingStars({ rating, max = 5, className = '', starClassName = 'size-4' }: RatingStarsProps) {
  const filled = Math.max(0, Math.min(max, Math.round(rating)));
  return (
    <span
      role="img"
      aria-label={`Rated ${rating} out of ${max}`}
      className={`inline-flex gap-0.5 ${className}`}
    >
      {Array.from({ length: max }, (_, i) => (
        <Star
          key={i}
          aria-hidden="true"
          data-filled={i < filled}
          className={`${starClassName} ${i < filled ? 'fill-amber-400 text-amber-400' : 'fill-none text-base-content/30'}`}
        />
      ))}
    </span>
  );
}
