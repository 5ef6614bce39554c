import { z } from 'zod';

/** Bounds of the catalog search text (`q` of GET /products and GET /products/suggest), after trimming. */
export const SEARCH_TEXT_MAX = 100;
/** How many suggestions GET /products/suggest answers at most. */
export const SUGGESTION_LIMIT = 8;

// C0 and C1 control characters (NUL, tabs and newlines included): nothing a buyer types into a search box.
// A lone UTF-16 surrogate is not Unicode. (products.ts imports this module, so it does not import back.)
const NOT_ALLOWED = /\p{Cc}|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/u;

export const SearchTextSchema = z
  .string({ error: 'q must be text' })
  .trim()
  .min(1, 'q must not be empty')
  .max(SEARCH_TEXT_MAX, `q must be at most ${SEARCH_TEXT_MAX} characters`)
  .refine((value) => !NOT_ALLOWED.test(value), 'q contains characters that are not allowed');

export const ProductSuggestQuerySchema = z.object({ q: SearchTextSchema });
export type ProductSuggestQuery = z.infer<typeof ProductSuggestQuerySchema>;

/**
 * The words of a search text, close to how the server's text-search parser splits them: runs of letters
 * and digits (any script), lowercased, at most `max`. Punctuation, operators and emoji separate words and
 * match nothing. The web uses it to highlight matches and to skip asking about text with no word in it.
 */
export function searchWords(text: string, max = 12): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, max);
}
