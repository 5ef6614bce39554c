import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { InvalidationBus } from '../../lib/cache/bus';
import { createResponseCache, type CachedResponse } from '../../lib/cache/cache';
import { ANY_TEXT_TAG } from './products.cache';
import { FUZZY_MAX, FUZZY_MIN, termTags } from './search.tags';

/** A common word can be one letter away from many others; the closest alphabetically are enough. */
const FUZZY_ALTERNATIVES = 16;
/** A prefix of more distinct catalog words than this (one or two letters) takes the general path. */
export const MAX_PREFIX_WORDS = 64;
/** The last code point: `word < prefix || it` bounds the words starting with `prefix` (collation "C"). */
const LAST_CHAR = '\u{10FFFF}';

/** What the catalog holds near a query word: its one-letter-off words and the words it prefixes. */
export interface WordNeighbours {
  fuzzy: string[];
  /** The catalog words starting with the word (without it), up to MAX_PREFIX_WORDS + 1. */
  prefixWords: string[];
}

type Row = { lexeme: string; fuzzy: string[] | string | null; prefix_words: string[] | string | null };

// node-postgres parses text[]; the string form is a fallback for a driver that does not.
const asArray = (value: string[] | string | null): string[] =>
  Array.isArray(value)
    ? value
    : typeof value === 'string' && value.length > 2
      ? value.slice(1, -1).split(',')
      : [];

/**
 * The neighbours of query words, read from the catalog's word list (trigram index) and the inverted
 * table's btree (a skip scan, one probe per word), and kept in memory per word until a write changes a
 * word one letter from it or starting with it (search.tags.ts, invalidation bus): a popular word costs
 * its lookup once, and purchases, price and stock changes and edits of other words leave the lists alone.
 */
export function createSearchWords(db: Db, options: { bus?: Pick<InvalidationBus, 'register'> } = {}) {
  // A word's lists are short: most of an entry is the entry itself (ENTRY_OVERHEAD_BYTES), so 6 MiB
  // keeps some 8,000 words.
  const cache = createResponseCache({ maxBytes: 6 * 2 ** 20 });
  options.bus?.register(cache);
  // The cache keeps text (its size bound and invalidation); the value read from it is kept beside its
  // entry, so a hit is not parsed again, and goes with the entry when a write drops it.
  const decoded = new WeakMap<CachedResponse, WordNeighbours>();
  const valueOf = (entry: CachedResponse): WordNeighbours => {
    let value = decoded.get(entry);
    if (!value) decoded.set(entry, (value = JSON.parse(entry.body) as WordNeighbours));
    return value;
  };
  return {
    async neighbours(lexemes: readonly string[]): Promise<WordNeighbours[]> {
      const cached = lexemes.map((l) => cache.get(l));
      if (cached.every(Boolean)) return cached.map((c) => valueOf(c!));
      const startedAt = cache.begin();
      const result = await db.execute<Row>(sql`
        select x.lexeme,
          case when char_length(x.lexeme) between ${FUZZY_MIN} and ${FUZZY_MAX} then array(
            select w.word from product_search_words w
            where w.word % x.lexeme and w.word <> x.lexeme and levenshtein(w.word, x.lexeme) <= 1
            order by w.word limit ${FUZZY_ALTERNATIVES}
          ) end as fuzzy,
          array(
            with recursive p(word) as (
              (select s.word from product_search_terms s
                where s.word > x.lexeme collate "C" and s.word < (x.lexeme || ${LAST_CHAR}) collate "C" order by s.word limit 1)
              union all
              select (select s.word from product_search_terms s
                where s.word > p.word and s.word < (x.lexeme || ${LAST_CHAR}) collate "C" order by s.word limit 1)
              from p where p.word is not null
            )
            select p.word from p where p.word is not null and starts_with(p.word, x.lexeme) limit ${MAX_PREFIX_WORDS + 1}
          ) as prefix_words
        from unnest(array[${sql.join(
          lexemes.map((l) => sql`${l}::text`),
          sql`, `,
        )}]) as x(lexeme)`);
      const rows = (result as unknown as { rows: Row[] }).rows;
      const found = new Map(
        rows.map((r) => [r.lexeme, { fuzzy: asArray(r.fuzzy), prefixWords: asArray(r.prefix_words) }]),
      );
      return lexemes.map((lexeme) => {
        const value = found.get(lexeme) ?? { fuzzy: [], prefixWords: [] };
        const tags = [ANY_TEXT_TAG, ...termTags(lexeme, true)];
        const entry = cache.set(lexeme, JSON.stringify(value), { tags, startedAt });
        if (entry) decoded.set(entry, value);
        return value;
      });
    },
  };
}
export type SearchWords = ReturnType<typeof createSearchWords>;
