import { sql, type SQL } from 'drizzle-orm';

/**
 * One word of a search as the database knows it: the lexeme (unaccented and lowercased exactly like
 * the products' search vectors), the catalog words one letter away from it, and whether it is the
 * last word, which is also matched as a prefix so results show while the buyer is still typing.
 */
export interface SearchTerm {
  lexeme: string;
  fuzzy: string[];
  prefix: boolean;
}

/** A search ready to run: what a product must match, and how it is ranked. */
export interface SearchPlan {
  /** tsquery text: every term must match, exactly, as a prefix (last term) or one letter off. */
  match: string;
  terms: SearchTerm[];
  /**
   * One-word searches only: the catalog words that the word prefixes (without it), when they are few
   * enough for the inverted table's fast path (search.ranked.ts); undefined otherwise.
   */
  prefixWords?: string[];
}

/** The products' search vector (migration 0002_search: a generated column the Drizzle schema does not list). */
export const SEARCH_VECTOR = sql`"products"."search_vector"`;

// Inside quotes a tsquery lexeme may hold anything once quotes and backslashes are doubled.
const quote = (lexeme: string) => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

type Kind = 'exact' | 'prefix' | 'fuzzy';

/** The term's alternatives of one kind, restricted to the field weights `weights` ('' = any field). */
function alternatives(term: SearchTerm, kind: Kind, weights: string): string | undefined {
  const suffix = weights ? `:${weights}` : '';
  switch (kind) {
    case 'exact':
      return quote(term.lexeme) + suffix;
    case 'prefix':
      return term.prefix ? `${quote(term.lexeme)}:*${weights}` : undefined;
    case 'fuzzy':
      return term.fuzzy.length ? `(${term.fuzzy.map((w) => quote(w) + suffix).join(' | ')})` : undefined;
  }
}

function anyOf(term: SearchTerm): string {
  const parts = (['exact', 'prefix', 'fuzzy'] as const).map((kind) => alternatives(term, kind, ''));
  return `(${parts.filter(Boolean).join(' | ')})`;
}

export function toPlan(terms: SearchTerm[], prefixWords?: string[]): SearchPlan {
  return { terms, match: terms.map(anyOf).join(' & '), ...(prefixWords ? { prefixWords } : {}) };
}

/** Field weights of the search vector (migration 0002_search), best first: name, brand, category, description. */
const FIELDS = ['A', 'B', 'C', 'D'] as const;
const KINDS: Kind[] = ['exact', 'prefix', 'fuzzy'];
/** The best a term can score: an exact word of the name. */
export const TERM_SCORE_MAX = FIELDS.length * KINDS.length;

/**
 * Relevance as an integer: per term, the best place it matched (name above brand above category above
 * description; within a field, exact above prefix above one letter off: 12 down to 1), summed over the
 * terms. An integer keeps the order total and the cursor exact.
 */
export function relevance(plan: SearchPlan, vector: SQL): SQL {
  const perTerm = plan.terms.map((term) => {
    const branches: SQL[] = [];
    FIELDS.forEach((field, f) => {
      KINDS.forEach((kind, k) => {
        const query = alternatives(term, kind, field);
        const score = TERM_SCORE_MAX - f * KINDS.length - k;
        if (query) branches.push(sql`when ${vector} @@ ${query}::tsquery then ${sql.raw(String(score))}`);
      });
    });
    return sql`(case ${sql.join(branches, sql` `)} else 0 end)`;
  });
  return sql`(${sql.join(perTerm, sql` + `)})`;
}

/**
 * tsquery text matching a product where `term` scores more than at (`field`, `kind`) (indexes into the
 * field weights and the kinds, best first); undefined at the best level, which nothing beats.
 */
export function betterThan(term: SearchTerm, field: number, kind: number): string | undefined {
  const better: string[] = [];
  FIELDS.forEach((weight, f) => {
    KINDS.forEach((k, i) => {
      const query = f < field || (f === field && i < kind) ? alternatives(term, k, weight) : undefined;
      if (query) better.push(query);
    });
  });
  return better.length ? better.join(' | ') : undefined;
}
