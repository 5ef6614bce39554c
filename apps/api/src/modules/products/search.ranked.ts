import { and, desc, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { products, type ProductRow } from '../../db/schema';
import { betterThan, SEARCH_VECTOR, TERM_SCORE_MAX, type SearchPlan } from './search.query';

/**
 * The fast path of a one-word search in relevance order (docs/decisions/0009-search.md), over the
 * inverted table `product_search_terms (word, field, product_id)` of migration 0010_search_terms. A one-word rank
 * has 12 levels (field x kind: name exact, name prefix, name one letter off, brand exact...); a level's
 * products are those holding one of its words in its field, newest id first. Levels are read best
 * first, each word's entries straight from the btree in id order, and reading stops once the page is
 * full: the cost is the page, not the number of matches.
 */

interface Level {
  score: number;
  field: number;
  kind: number;
  words: string[];
}

/** A one-word search ready for the fast path: its levels best first, and every word it matches. */
export interface RankedTerm {
  plan: SearchPlan;
  levels: Level[];
  words: string[];
}

export type RankedRow = ProductRow & { rank: number };

const rowsOf = <R>(result: unknown) => (result as { rows: R[] }).rows;
const list = (words: string[]) =>
  sql.join(
    words.map((w) => sql`${w}`),
    sql`, `,
  );

/** The best `limit` products of one level, newest first, that rank exactly at it. */
async function levelRows(
  db: Db,
  term: RankedTerm,
  level: Level,
  conditions: SQL[],
  limit: number,
  before?: string,
) {
  // A product of this level ranks exactly at it unless it matches a better one (then it is listed there).
  const better = betterThan(term.plan.terms[0]!, level.field, level.kind);
  const checks = better ? [...conditions, sql`not (${SEARCH_VECTOR} @@ ${better}::tsquery)`] : conditions;
  // The product is read per entry (lateral, fenced by offset 0): joined, the planner may sort the whole
  // catalog to merge it with the first entries of the page. The best level without filters needs only the btree.
  const check = checks.length
    ? sql`cross join lateral (select 1 from products where products.id = t.product_id and ${and(...checks)} offset 0) p`
    : sql``;
  const perWord = level.words.map(
    (word) => sql`(select t.product_id as id from product_search_terms t ${check}
        where t.word = ${word} and t.field = ${level.field} ${before ? sql`and t.product_id < ${before}::uuid` : sql``}
        order by t.product_id desc limit ${limit})`,
  );
  // `= any(array(...))`: the page's few ids, each looked up by primary key.
  const ids = sql`array(select distinct c.id from (${sql.join(perWord, sql` union all `)}) c order by c.id desc limit ${limit})`;
  return db
    .select()
    .from(products)
    .where(sql`${products.id} = any(${ids})`)
    .orderBy(desc(products.id));
}

/** The fast path's form of `plan`, or undefined when it has more than one word or too wide a prefix. */
export function rankedTerm(plan: SearchPlan): RankedTerm | undefined {
  const [term] = plan.terms;
  if (!term || plan.terms.length !== 1 || !plan.prefixWords) return undefined;
  const prefix = term.prefix ? plan.prefixWords : [];
  // A word that is both a prefix match and one letter off ranks as the prefix match.
  const fuzzy = term.fuzzy.filter((w) => !(term.prefix && w.startsWith(term.lexeme)));
  const kinds = [[term.lexeme], prefix, fuzzy];
  const levels: Level[] = [];
  for (let field = 0; field < 4; field++) {
    kinds.forEach((words, kind) => {
      if (words.length)
        levels.push({ score: TERM_SCORE_MAX - field * kinds.length - kind, field, kind, words });
    });
  }
  return { plan, levels, words: [...new Set(kinds.flat())] };
}

export function createRankedSearch(db: Db) {
  return {
    prepare: rankedTerm,

    /**
     * Up to `limit` products in relevance order (rank, then id, both descending) after the cursor
     * `after` (rank and id of the last row shown), meeting `conditions` (the other filters).
     */
    async page(term: RankedTerm, conditions: SQL[], limit: number, after?: { rank: number; id: string }) {
      const rows: RankedRow[] = [];
      for (const level of term.levels) {
        if (rows.length >= limit) break;
        if (after && level.score > after.rank) continue;
        const before = after && level.score === after.rank ? after.id : undefined;
        const found = await levelRows(db, term, level, conditions, limit - rows.length, before);
        rows.push(...found.map((row) => ({ ...row, rank: level.score })));
      }
      return rows;
    },

    /** The exact number of products matching the word (no other filter): an index-only scan of its entries. */
    async count(term: RankedTerm): Promise<number> {
      const result = await db.execute<{ n: string | number }>(
        sql`select count(distinct t.product_id) as n from product_search_terms t where t.word in (${list(term.words)})`,
      );
      return Number(rowsOf<{ n: string | number }>(result)[0]?.n ?? 0);
    },
  };
}
export type RankedSearch = ReturnType<typeof createRankedSearch>;
