import { SUGGESTION_LIMIT } from '@bulkwise/contracts';
import { desc, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { products } from '../../db/schema';
import type { InvalidationBus } from '../../lib/cache/bus';
import { createRankedSearch } from './search.ranked';
import { createSearchParser } from './search.parse';
import { createSearchWords, MAX_PREFIX_WORDS } from './search.words';
import { relevance, SEARCH_VECTOR, toPlan, type SearchPlan, type SearchTerm } from './search.query';

export const searchMatches = (plan: SearchPlan): SQL => sql`${SEARCH_VECTOR} @@ ${plan.match}::tsquery`;
export const searchRank = (plan: SearchPlan): SQL<number> => relevance(plan, SEARCH_VECTOR).mapWith(Number);
/** The rank selected `.as('rank')`, for ORDER BY: the same expression written again would be computed again. */
export const RANK = sql`"rank"`;

export function createSearchRepository(db: Db, options: { bus?: Pick<InvalidationBus, 'register'> } = {}) {
  const ranked = createRankedSearch(db);
  const words = createSearchWords(db, options);
  const parser = createSearchParser(db);
  return {
    /**
     * The words of `text` as the database normalises them (search.parse.ts: remembered by canonical
     * text, so a repeated query asks the database nothing), each with the catalog words one letter away.
     * Undefined when the text has no word at all (only punctuation or symbols): nothing can match.
     */
    async plan(text: string): Promise<SearchPlan | undefined> {
      const lexemes = await parser.parse(text);
      if (lexemes.length === 0) return undefined;
      const near = await words.neighbours(lexemes);
      const terms: SearchTerm[] = lexemes.map((lexeme, i) => ({
        lexeme,
        fuzzy: near[i]!.fuzzy,
        prefix: i === lexemes.length - 1,
      }));
      // A one-word search with few prefixed words takes the inverted table's fast path (search.ranked.ts).
      const prefixWords = near.length === 1 ? near[0]!.prefixWords : undefined;
      return toPlan(terms, prefixWords && prefixWords.length <= MAX_PREFIX_WORDS ? prefixWords : undefined);
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
