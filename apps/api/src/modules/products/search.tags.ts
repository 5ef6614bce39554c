import { SEARCH_TEXT_MAX } from '@bulkwise/contracts';
import { ANY_TEXT_TAG } from './products.cache';
import type { SearchTerm } from './search.query';

/**
 * Search answers and word lists are tagged with the words they depend on, so an edit drops only the
 * searches its words can reach (docs/decisions/0026-search-word-tags.md). The products trigger (migration
 * 0030) names each word whose place in some product changed as `word:<lexeme>`; every process widens that
 * here into the tags a search reading that word could carry:
 * - `word:<v>` for the word and each spelling of it with one letter left out: two words one letter
 *   apart (the typo alternatives) always share one of those (symmetric deletion), so a search for
 *   "pallet" is tagged with `word:allet`, `word:pllet`... and a new product named "palet" reaches it;
 * - `prefix:<p>` for each start of the word: the last word of a search is also matched as a prefix.
 * One text change the words cannot say (a word holding a comma, a payload too long for one NOTIFY) is
 * sent as `text:all`, which drops every search answer and word list: all of them carry `text:*`.
 */
const WORD_TAG = 'word:';
const PREFIX_TAG = 'prefix:';
/** Sent instead of the words when they cannot be listed: every entry tagged `text:*` goes. */
export const ALL_TEXT = 'text:all';

/** Typos are looked for in words of 5 letters or more; 60 is the longest word the catalog word list keeps. */
export const FUZZY_MIN = 5;
export const FUZZY_MAX = 60;

/**
 * `word:` tags of the word and, when its length is within [min, max], of each spelling with one letter
 * (code point, as levenshtein counts) left out.
 */
function spellingTags(letters: readonly string[], min: number, max: number): string[] {
  const tags = new Set([WORD_TAG + letters.join('')]);
  if (letters.length < min || letters.length > max) return [...tags];
  for (let i = 0; i < letters.length; i++)
    tags.add(WORD_TAG + letters.slice(0, i).join('') + letters.slice(i + 1).join(''));
  return [...tags];
}

/**
 * What a changed word drops: every `word:` tag a search one letter away from it carries, and the
 * `prefix:` tag of each of its starts (as long as a search can be).
 */
export function changedWordTags(word: string): string[] {
  const letters = Array.from(word);
  // One letter either side of the fuzzy range: such a word is one letter from a searched one inside it.
  const tags = spellingTags(letters, FUZZY_MIN - 1, FUZZY_MAX + 1);
  const longest = Math.min(letters.length, SEARCH_TEXT_MAX);
  for (let n = 1; n <= longest; n++) tags.push(PREFIX_TAG + letters.slice(0, n).join(''));
  return tags;
}

/** The tags a search term reads: its word (with its one-letter-off spellings when typos are looked for), and as a prefix. */
export function termTags(lexeme: string, prefix: boolean): string[] {
  const tags = spellingTags(Array.from(lexeme), FUZZY_MIN, FUZZY_MAX);
  if (prefix) tags.push(PREFIX_TAG + lexeme);
  return tags;
}

/** Tags of a search answer in relevance order, unfiltered: its words, and the products it shows. */
export function searchPageTags(terms: readonly SearchTerm[], shownTags: readonly string[]): string[] {
  return [ANY_TEXT_TAG, ...terms.flatMap((t) => termTags(t.lexeme, t.prefix)), ...shownTags];
}

/** The bus's widening of what it hears: each `word:<lexeme>` becomes the tags it drops; others stay. */
export function expandWordTags(tags: readonly string[]): readonly string[] {
  if (!tags.some((t) => t.startsWith(WORD_TAG))) return tags;
  return [
    ...new Set(
      tags.flatMap((t) => (t.startsWith(WORD_TAG) ? changedWordTags(t.slice(WORD_TAG.length)) : [t])),
    ),
  ];
}
