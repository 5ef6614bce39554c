/**
 * The image-URL rule, in one place for the API schema and every form. Only http(s) so that
 * `javascript:` and `data:` addresses never reach a page.
 */

/** An absolute http(s) address (what a profile photo must be: other sites show it too). */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * A product image: an absolute http(s) address, or a path on this site ('/images/products/x.svg')
 * because seeded products use images shipped with the app and updating one must not fail on its own
 * stored image. '//host' and '/\host' are refused: browsers read both as another host.
 */
export function isImageUrl(value: string): boolean {
  if (value.startsWith('/')) return /^\/[^/\\]/.test(value);
  return isHttpUrl(value);
}
