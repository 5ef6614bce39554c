import { searchWords } from '@bulkwise/contracts';

export interface TextPart {
  text: string;
  match: boolean;
}

/** Case and accents do not count, as on the server (which unaccents both the catalog and the query). */
const fold = (word: string) => word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** True when `a` and `b` differ by at most one wrong, missing or extra letter. */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  let i = 0;
  while (i < short.length && short[i] === long[i]) i++;
  const rest = short.length === long.length ? i + 1 : i;
  return short.slice(rest) === long.slice(i + 1);
}

/**
 * `text` cut into the words the search `q` matched and the rest, the way the server matches: the
 * same words, the last one also as a prefix, words of 5 letters or more also one letter off. Plain
 * strings: the caller renders them as text, never as HTML.
 */
export function highlightParts(text: string, q: string): TextPart[] {
  const words = searchWords(q).map(fold);
  if (words.length === 0) return [{ text, match: false }];
  const last = words.at(-1)!;
  const matches = (token: string) => {
    const folded = fold(token);
    return (
      folded.startsWith(last) ||
      words.some((word) => folded === word || (word.length >= 5 && withinOneEdit(folded, word)))
    );
  };
  const parts: TextPart[] = [];
  let at = 0;
  for (const found of text.matchAll(/[\p{L}\p{N}\p{M}]+/gu)) {
    if (!matches(found[0])) continue;
    if (found.index > at) parts.push({ text: text.slice(at, found.index), match: false });
    parts.push({ text: found[0], match: true });
    at = found.index + found[0].length;
  }
  if (at < text.length) parts.push({ text: text.slice(at), match: false });
  return parts;
}
