import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ImageWithFallback, PLACEHOLDER_IMAGE } from './image-with-fallback';
import { formatPrice, Price } from './price';
import { formatRating, RatingStars } from './rating-stars';

describe('formatPrice', () => {
  it.each([
    [2.5, '$2.50'],
    [19.99, '$19.99'],
    [1234.5, '$1,234.50'],
    [0.1 + 0.2, '$0.30'],
    [0, '$0.00'],
    [undefined, '$0.00'],
    [Number.NaN, '$0.00'],
  ])('%s -> %s', (value, text) => expect(formatPrice(value)).toBe(text));

  it('renders as text', () => {
    render(<Price value={7} />);
    expect(screen.getByText('$7.00')).toBeInTheDocument();
  });
});

describe('formatRating', () => {
  it.each([
    [4, '4.0'],
    [4.25, '4.3'],
    [3.95, '4.0'],
    [undefined, '0.0'],
  ])('%s -> %s', (value, text) => expect(formatRating(value)).toBe(text));
});

describe('RatingStars', () => {
  it('fills the first N of five stars and names the rating', () => {
    render(<RatingStars rating={4} />);
    const stars = screen.getByRole('img', { name: 'Rated 4 out of 5' });
    const filled = [...stars.querySelectorAll('svg')].map((s) => s.getAttribute('data-filled'));
    expect(filled).toEqual(['true', 'true', 'true', 'true', 'false']);
  });
});

describe('ImageWithFallback', () => {
  it('swaps to the placeholder when the image fails, once', () => {
    render(<ImageWithFallback src="https://broken.example/x.png" alt="Bolts" />);
    const img = screen.getByRole('img', { name: 'Bolts' });
    expect(img).toHaveAttribute('src', 'https://broken.example/x.png');
    fireEvent.error(img);
    expect(img).toHaveAttribute('src', PLACEHOLDER_IMAGE);
    fireEvent.error(img);
    expect(img).toHaveAttribute('src', PLACEHOLDER_IMAGE);
  });

  it('uses the placeholder when there is no source', () => {
    render(<ImageWithFallback src="" alt="Nothing" />);
    expect(screen.getByRole('img', { name: 'Nothing' })).toHaveAttribute('src', PLACEHOLDER_IMAGE);
  });

  it('offers an upload as AVIF first and WebP for browsers without it, each with every width and the same sizes', () => {
    const id = 'c'.repeat(32);
    const sizes = '(min-width: 1280px) 600px, 100vw';
    render(<ImageWithFallback src={`/images/u/${id}-800.webp`} alt="Crates" sizes={sizes} />);
    const img = screen.getByRole('img', { name: 'Crates' });
    const picture = img.parentElement!;
    expect(picture.tagName).toBe('PICTURE');
    const [source] = picture.querySelectorAll('source');
    expect(picture.firstElementChild).toBe(source);
    expect(source).toHaveAttribute('type', 'image/avif');
    expect(source).toHaveAttribute('sizes', sizes);
    expect(source!.getAttribute('srcset')).toBe(
      [160, 320, 640, 672, 800].map((w) => `/images/u/${id}-${w}.avif ${w}w`).join(', '),
    );
    expect(img.getAttribute('srcset')).toContain(`/images/u/${id}-320.webp 320w`);
    expect(img).toHaveAttribute('src', `/images/u/${id}-800.webp`);
    // Any other image stays a bare <img>: one file, nothing to choose from.
    render(<ImageWithFallback src="/images/products/bolts.svg" alt="Bolts" />);
    expect(screen.getByRole('img', { name: 'Bolts' }).parentElement!.tagName).not.toBe('PICTURE');
  });

  it('tries a new source again after a previous one failed', () => {
    const { rerender } = render(<ImageWithFallback src="/a.png" alt="A" />);
    fireEvent.error(screen.getByRole('img', { name: 'A' }));
    rerender(<ImageWithFallback src="/b.png" alt="A" />);
    expect(screen.getByRole('img', { name: 'A' })).toHaveAttribute('src', '/b.png');
  });
});
