import { describe, expect, it } from 'vitest';
import { isHttpUrl, isImageUrl } from './image-url';
import { ImageUrlSchema } from './products';

describe('the image-URL rule', () => {
  it.each(['https://cdn.example.com/p.jpg', 'http://example.com/a.png', 'HTTPS://EXAMPLE.COM/A'])(
    'accepts the http(s) address %s everywhere',
    (value) => {
      expect(isHttpUrl(value)).toBe(true);
      expect(isImageUrl(value)).toBe(true);
      expect(ImageUrlSchema.safeParse(value).success).toBe(true);
    },
  );

  it.each([
    'javascript:alert(1)',
    'data:image/png;base64,AAAA',
    'ftp://example.com/a.png',
    'not a url',
    '//evil.example/x.png',
    '/\\evil.example/x.png',
    '',
  ])('refuses %j everywhere', (value) => {
    expect(isHttpUrl(value)).toBe(false);
    expect(isImageUrl(value)).toBe(false);
    expect(ImageUrlSchema.safeParse(value).success).toBe(false);
  });

  it('takes a path on this site as a product image but not as an absolute address', () => {
    expect(isImageUrl('/images/products/a.svg')).toBe(true);
    expect(isHttpUrl('/images/products/a.svg')).toBe(false);
  });
});
