import { SUGGESTION_LIMIT } from '@bulkwise/contracts';
import { desc, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { products } from '../../db/schema';
import { createRankedSearch } from './search.ranked';
import { relevance, SEARCH_VECTOR, toPlan, type SearchPlan, type SearchTerm } from './search.query';

export const searchMatches = (plan: SearchPlan): SQL => sql`${SEARCH_VECTOR} @@ ${plan.match}::tsquery`;
export const searchRank = (plan: SearchPlan): SQL<number> => relevance(plan, SEARCH_VECTOR).mapWith(Number);
/** The rank selected `.as('rank')`, for ORDER BY: the same expression written again would be computed again. */
export const RANK = sql`"rank"`;

/** Typos are looked for in words of 5 letters or more; 60 is the longest word the catalog word list keeps. */
const FUZZY_MIN = 5;
const FUZZY_MAX = 60;
/** A common word can be one letter away from many others; the closest alphabetically are enough. */
const FUZZY_ALTERNATIVES = 16;
/** Words of a search that count; the text is at most 100 characters anyway. */
const MAX_TERMS = 12;

/** A prefix of more distinct catalog words than this (one or two letters) takes the general path. */
const MAX_PREFIX_WORDS = 64;
/** The last code point: `word < prefix || it` bounds the words starting with `prefix` (collation "C"). */
const LAST_CHAR = '\u{10FFFF}';

type TermRow = { ord: number | string; lexeme: string; fuzzy: string[] | string | null; prefix_words: string[] | string | null };

// node-postgres and PGlite both parse text[]; the string form is a fallback for a driver that does not.
const asArray = (value: string[] | string | null): string[] =>
  Array.isArray(value) ? value : typeof value === 'string' && value.length > 2 ? value.slice(1, -1).split(',') : [];

export function createSearchRepository(db: Db) {
  const ranked = createRankedSearch(db);
  return {
    /**
     * The words of `text` as the database normalises them (the same unaccent, parser and dictionary as
     * the search vectors, so both engines and every locale agree), each with the catalog words one letter away.
     * Undefined when the text has no word at all (only punctuation or symbols): nothing can match.
     */
    async plan(text: string): Promise<SearchPlan | undefined> {
      // The parser's tokens in order, each through the 'simple' dictionary: what to_tsvector('simple')
      // stores for them (ts_debug says the same, ten times slower). Token types the configuration does not
      // index are dropped, and so is a hyphenated word whole (numhword 15, asciihword 16, hword 17): its
      // parts are enough, and "stainless-steel" then finds "stainless steel".
      const result = await db.execute<TermRow>(sql`
        with t as (
          select p.ord, l.lexemes[1] as lexeme
          from ts_parse('default', bulkwise_unaccent(${text})) with ordinality as p(tokid, token, ord)
            join pg_ts_config_map m on m.mapcfg = 'simple'::regconfig and m.maptokentype = p.tokid
            cross join lateral ts_lexize('simple', p.token) as l(lexemes)
          where p.tokid not in (15, 16, 17) and l.lexemes[1] <> ''
          order by p.ord limit ${MAX_TERMS}
        )
        select t.ord, t.lexeme,
          case when char_length(t.lexeme) between ${FUZZY_MIN} and ${FUZZY_MAX} then array(
            select w.word from product_search_words w
            where w.word % t.lexeme and w.word <> t.lexeme and levenshtein(w.word, t.lexeme) <= 1
            order by w.word limit ${FUZZY_ALTERNATIVES}
          ) end as fuzzy,
          -- A one-word search also lists the words its word prefixes: a skip scan of the inverted table's
          -- btree (migration 0009), one probe per word.
          case when (select count(*) from t) = 1 then array(
            with recursive p(word) as (
              (select s.word from product_search_terms s
                where s.word > t.lexeme collate "C" and s.word < (t.lexeme || ${LAST_CHAR}) collate "C" order by s.word limit 1)
              union all
              select (select s.word from product_search_terms s
                where s.word > p.word and s.word < (t.lexeme || ${LAST_CHAR}) collate "C" order by s.word limit 1)
              from p where p.word is not null
            )
            select p.word from p where p.word is not null and starts_with(p.word, t.lexeme) limit ${MAX_PREFIX_WORDS + 1}
          ) end as prefix_words
        from t order by t.ord`);
      const rows = (result as unknown as { rows: TermRow[] }).rows;
      if (rows.length === 0) return undefined;
      const terms: SearchTerm[] = rows.map((row, i) => ({
        lexeme: row.lexeme,
        fuzzy: asArray(row.fuzzy),
        prefix: i === rows.length - 1,
      }));
      const prefixWords = rows.length === 1 ? asArray(rows[0]!.prefix_words) : [];
      return toPlan(terms, prefixWords.length <= MAX_PREFIX_WORDS && rows.length === 1 ? prefixWords : undefined);
    },

    /** The best `limit` matches by relevance, newest id first among equals: a typeahead's entries. */
    async suggest(plan: SearchPlan, limit = SUGGESTION_LIMIT) {
      const term = ranked.prepare(plan);
      const rows = term
        ? await ranked.page(term, [], limit)
        : await db
            .select({
              id: products.id,
              name: products.name,
              brandName: products.brandName,
              category: products.category,
              rank: searchRank(plan).as('rank'),
            })
            .from(products)
            .where(searchMatches(plan))
            .orderBy(desc(RANK), desc(products.id))
            .limit(limit);
      return rows.map(({ id, name, brandName, category }) => ({ id, name, brandName, category }));
    },
  };
}
export type SearchRepository = ReturnType<typeof createSearchRepository>;
