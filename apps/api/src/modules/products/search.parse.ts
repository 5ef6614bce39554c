import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** Words of a search that count; the text is at most 100 characters anyway. */
export const MAX_TERMS = 12;

/**
 * The words of `text` as the database normalises them: the parser's tokens in order, each through the
 * 'simple' dictionary, after the same unaccent as the search vectors, so both engines and every locale
 * agree. ts_debug says the same, ten times slower. The token types are the default parser's fixed ids
 * that the stock 'simple' configuration indexes (pg_ts_config_map: all but blank 12, tag 13, protocol
 * 14, entity 23), without the hyphenated wholes (numhword 15, asciihword 16, hword 17): their parts are
 * enough, and "stainless-steel" then finds "stainless steel". Empty when the text has no word at all.
 */
export async function parseSearchText(db: Db, text: string): Promise<string[]> {
  const result = await db.execute<{ lexeme: string }>(sql`
    select l.lexemes[1] as lexeme
    from ts_parse('default', bulkwise_unaccent(${text})) with ordinality as p(tokid, token, ord)
      cross join lateral ts_lexize('simple', p.token) as l(lexemes)
    where (p.tokid between 1 and 11 or p.tokid between 18 and 22) and l.lexemes[1] <> ''
    order by p.ord limit ${MAX_TERMS}`);
  return (result as unknown as { rows: Array<{ lexeme: string }> }).rows.map((r) => r.lexeme);
}

/**
 * ASCII punctuation that the default parser (wparser_def.c) cannot fold into any token once it follows a
 * space: none is alphanumeric, none is one of the characters that end a blank run to start another token
 * (`<` tag, `-` `+` signed number, `&` entity, `/` file path), none closes a tag or comment (`>`, `-`),
 * and none pushes a parser state inside a quoted tag attribute (`\`). unaccent has no rule for any of
 * them (its rules map single non-ASCII characters, on PostgreSQL 15 and 18 alike).
 */
const INERT = new Set('!"#$%\'()*,.:;=?@[]^_`{|}~ ');

/**
 * The shortest text the database parses exactly like `text`, so that "pallet", "pallet !!" and
 * "pallet ?.," share one parse. Only a tail of INERT characters after a space is dropped, and the space
 * itself is kept: after a space the parser is in a blank run or inside an unfinished tag, quoted
 * attribute or comment, where each INERT character either continues that state or fails it back to the
 * same pushed state as the end of the text does. Without the space a tail can change what comes before
 * it: "&amp;" is an entity (no word) where "&amp" is the word "amp", and "<script !" makes the parser
 * ignore what follows where "<script" is the word "script". search.parse.test.ts checks all of this
 * against both engines (its property test found the backslash case below).
 */
export function canonicalSearchText(text: string): string {
  let start = text.length;
  while (start > 0 && INERT.has(text[start - 1]!)) start--;
  const space = text.indexOf(' ', start);
  // A backslash escapes that space inside a quoted tag attribute, and the parser then reads the next
  // character without its end-of-text test: "<a b='\\ " stops parsing where "<a b='\\ !" backtracks.
  if (space === -1 || text[space - 1] === '\\') return text;
  return text.slice(0, space + 1);
}

/** Distinct canonical texts remembered; a parse is a few lexemes, so this is at most a few MB. */
const MEMO_ENTRIES = 10_000;

/**
 * The database's parse of search texts, remembered by canonical text. The parse depends only on the
 * parser, the 'simple' dictionary and the unaccent rules, never on the catalog, so no write drops it;
 * the oldest entry goes when the memo is full. Concurrent first requests for one text share one query.
 */
export function createSearchParser(db: Db, options: { maxEntries?: number } = {}) {
  const maxEntries = options.maxEntries ?? MEMO_ENTRIES;
  const memo = new Map<string, readonly string[] | Promise<readonly string[]>>();
  return {
    parse(text: string): readonly string[] | Promise<readonly string[]> {
      const key = canonicalSearchText(text);
      const known = memo.get(key);
      if (known) return known;
      const reading = parseSearchText(db, key).then(
        (lexemes) => {
          if (memo.get(key) === reading) memo.set(key, Object.freeze(lexemes));
          return lexemes;
        },
        (err: unknown) => {
          if (memo.get(key) === reading) memo.delete(key);
          throw err;
        },
      );
      // Map iteration is insertion order: the first key is the oldest.
      if (memo.size >= maxEntries) memo.delete(memo.keys().next().value!);
      memo.set(key, reading);
      return reading;
    },
    size: () => memo.size,
  };
}
export type SearchParser = ReturnType<typeof createSearchParser>;
