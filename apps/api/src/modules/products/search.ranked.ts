import { and, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { products, type ProductRow } from '../../db/schema';
import { relevance, SEARCH_VECTOR, TERM_SCORE_MAX, type SearchPlan } from './search.query';

/**
 * The fast path of a one-word search in relevance order (docs/decisions/0009-search.md), over the
 * inverted table `product_search_terms (word, field, product_id)` of migration 0009. A one-word rank
 * has 12 levels (field x kind: name exact, name prefix, name one letter off, brand exact...); a level's
 * products are those holding one of its words in its field, newest id first. Levels are read best
 * first, each word's entries straight from the btree in id order, and reading stops once the page is
 * full: the cost is the page, not the number of matches.
 */

/** A prefix of more distinct words than this (one or two letters) takes the general path. */
const MAX_PREFIX_WORDS = 64;

interface Level {
  score: number;
  field: number;
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
const list = (words: string[]) => sql.join(words.map((w) => sql`${w}`), sql`, `);

export function createRankedSearch(db: Db) {
  /** The catalog's words that start with `prefix`, without it: a skip scan of the btree, a probe per word. */
  async function prefixWords(prefix: string): Promise<string[] | undefined> {
    const upper = `${prefix}\u{10FFFF}`;
    const result = await db.execute<{ word: string }>(sql`
      with recursive p(word) as (
        (select t.word from product_search_terms t where t.word > ${prefix} and t.word < ${upper} order by t.word limit 1)
        union all
        select (select t.word from product_search_terms t where t.word > p.word and t.word < ${upper} order by t.word limit 1)
        from p where p.word is not null
      )
      select word from p where word is not null and starts_with(word, ${prefix}) limit ${MAX_PREFIX_WORDS + 1}`);
    const words = rowsOf<{ word: string }>(result).map((r) => r.word);
    return words.length > MAX_PREFIX_WORDS ? undefined : words;
  }

  /** The ids of the best `limit` products of one level, newest first, that rank exactly at it. */
  async function levelIds(term: RankedTerm, level: Level, conditions: SQL[], limit: number, before?: string) {
    const rank = relevance(term.plan, SEARCH_VECTOR);
    // The product is read per entry (lateral, fenced by offset 0): joined, the planner may sort the whole
    // catalog to merge it with the first entries of the page.
    const perWord = level.words.map(
      (word) => sql`(select t.product_id as id from product_search_terms t
        cross join lateral (select 1 from products where products.id = t.product_id and ${rank} = ${level.score}
          ${conditions.length ? sql`and ${and(...conditions)}` : sql``} offset 0) p
        where t.word = ${word} and t.field = ${level.field} ${before ? sql`and t.product_id < ${before}::uuid` : sql``}
        order by t.product_id desc limit ${limit})`,
    );
    const result = await db.execute<{ id: string }>(
      sql`select distinct c.id from (${sql.join(perWord, sql` union all `)}) c order by c.id desc limit ${limit}`,
    );
    return rowsOf<{ id: string }>(result).map((r) => r.id);
  }

  return {
    /** The fast path's form of `plan`, or undefined when it has more than one word or too wide a prefix. */
    async prepare(plan: SearchPlan): Promise<RankedTerm | undefined> {
      const [term] = plan.terms;
      if (!term || plan.terms.length !== 1) return undefined;
      const prefix = term.prefix ? await prefixWords(term.lexeme) : [];
      if (!prefix) return undefined;
      // A word that is both a prefix match and one letter off ranks as the prefix match.
      const fuzzy = term.fuzzy.filter((w) => !(term.prefix && w.startsWith(term.lexeme)));
      const kinds = [[term.lexeme], prefix, fuzzy];
      const levels: Level[] = [];
      for (let field = 0; field < 4; field++) {
        kinds.forEach((words, kind) => {
          if (words.length) levels.push({ score: TERM_SCORE_MAX - field * kinds.length - kind, field, words });
        });
      }
      return { plan, levels, words: [...new Set(kinds.flat())] };
    },

    /**
     * Up to `limit` products in relevance order (rank, then id, both descending) after the cursor
     * `after` (rank and id of the last row shown), meeting `conditions` (the other filters).
     */
    async page(term: RankedTerm, conditions: SQL[], limit: number, after?: { rank: number; id: string }) {
      const ranked: Array<{ id: string; rank: number }> = [];
      for (const level of term.levels) {
        if (ranked.length >= limit) break;
        if (after && level.score > after.rank) continue;
        const before = after && level.score === after.rank ? after.id : undefined;
        const ids = await levelIds(term, level, conditions, limit - ranked.length, before);
        ranked.push(...ids.map((id) => ({ id, rank: level.score })));
      }
      if (ranked.length === 0) return [];
      const rows = await db.select().from(products).where(inArray(products.id, ranked.map((r) => r.id)));
      const byId = new Map(rows.map((row) => [row.id, row]));
      // A product deleted between the two reads is left out.
      return ranked.flatMap(({ id, rank }): RankedRow[] => {
        const row = byId.get(id);
        return row ? [{ ...row, rank }] : [];
      });
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
