import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/build-test-app';
import type { Database } from '../../db/client';
import { canonicalSearchText, createSearchParser, parseSearchText } from './search.parse';

// The canonical form is only worth anything if the real parser agrees: every check here asks the
// database of this run (the embedded PostgreSQL, or TEST_DATABASE_URL).
let database: Database;
const parse = (text: string) => parseSearchText(database.db, text);

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.close());

/** What the canonical form may drop: a tail of these after a space. */
const INERT = [...'!"#$%\'()*,.:;=?@[]^_`{|}~ '];

/**
 * Pieces of hostile search text: what the default parser turns into hyphenated words, decimals, signed
 * numbers, versions, emails, hosts, URLs, file paths, tags, comments and entities, half-finished ones
 * included, quotes and backslashes, accents, other scripts, combining marks and emoji.
 */
const PIECES = [
  'pallet',
  'Pallet',
  'PALLET',
  'stainless-steel',
  'a-b-c',
  '10.1-inch',
  'v2-x',
  '3.5',
  '.5',
  '1.',
  '-5',
  '+7',
  '1e5',
  '2E-3',
  '1.2.3',
  '127.0.0.1',
  'a@b.com',
  'user@host',
  'x@',
  '@y',
  'http://x.org/a?b=c',
  'https://',
  'ftp:',
  'x.org',
  'x.org:8080/p',
  'www.example.com/path/file.html',
  '/usr/local',
  './a',
  '../b',
  '~/c',
  '~',
  '..',
  '.',
  '<',
  '>',
  '<a',
  '<a href="x y"',
  "<a b='",
  '<br/>',
  '<script',
  '</script',
  '<style',
  '</style',
  '<!--',
  '-->',
  '--',
  '<!DOCTYPE',
  '<?xml',
  '<?x',
  '&amp',
  '&amp;',
  '&#x41',
  '&#65;',
  '&',
  ';',
  '\\',
  "'",
  '"',
  '-',
  '+',
  '/',
  '_',
  ':',
  '=',
  '#',
  '%',
  '!',
  '?',
  ',',
  '(',
  ')',
  '[',
  ']',
  '*',
  '|',
  '^',
  '`',
  'Øresund',
  'crème',
  'brûlée',
  'ß',
  'ﬁ',
  'e\u0301',
  '日本語',
  'Ελλάδα',
  'москва',
  '💥',
  '\u00a0',
  '\u2028',
  '\ufeff',
  'x'.repeat(61),
  '1',
  '42',
  'm10',
  'b2b',
  ' ',
  '  ',
];
const prefix = fc
  .tuple(fc.array(fc.constantFrom(...PIECES), { maxLength: 10 }), fc.constantFrom('', ' ', '-', '.', '/'))
  .map(([pieces, separator]) => pieces.join(separator));
const inertTail = fc.string({ unit: fc.constantFrom(...INERT), maxLength: 12 });

describe('canonicalSearchText', () => {
  it('drops a tail of inert punctuation after a space and keeps the space', () => {
    expect(canonicalSearchText('pallet !?.,;:!?')).toBe('pallet ');
    expect(canonicalSearchText('pallet ')).toBe('pallet ');
    expect(canonicalSearchText('steel pallet  ... !!')).toBe('steel pallet ');
    expect(canonicalSearchText('a - !!')).toBe('a - ');
    expect(canonicalSearchText('!! ??')).toBe('!! ');
  });

  it('keeps everything else as it is', () => {
    for (const text of [
      'pallet',
      'pallet!!',
      'pallet !! x',
      'pallet !!>',
      'pallet -',
      'pallet &',
      'pallet <!',
      'a \\!',
      'a !\\',
      'a\\ !',
      '&amp;',
      '10.1',
    ]) {
      expect(canonicalSearchText(text), text).toBe(text);
    }
  });

  it('keeps what the database shows it must: a tail without a space, and the space itself', async () => {
    // Dropping ";" from "&amp;" would turn an entity (no word) into the word "amp".
    expect(await parse('&amp;')).toEqual([]);
    expect(await parse('&amp')).toEqual(['amp']);
    // After "<script " the parser ignores the rest; "<script" alone is the word "script".
    expect(await parse('<script !')).toEqual([]);
    expect(await parse('<script')).toEqual(['script']);
    expect(await parse(canonicalSearchText('<script !'))).toEqual([]);
    // An escaped space in a quoted attribute: the parser stops at the end of the shorter text.
    expect(await parse("<a b='\\ !")).toEqual(['a', 'b']);
    expect(await parse("<a b='\\ ")).toEqual([]);
    expect(canonicalSearchText("<a b='\\ !")).toBe("<a b='\\ !");
  });

  it('parses exactly like the text it came from, for hostile text followed by a space and inert punctuation', async () => {
    await fc.assert(
      fc.asyncProperty(prefix, inertTail, async (head, tail) => {
        const text = `${head} ${tail}`;
        const canonical = canonicalSearchText(text);
        expect(text.startsWith(canonical)).toBe(true);
        expect(await parse(canonical), JSON.stringify(text)).toEqual(await parse(text));
      }),
      { numRuns: 1000 },
    );
  });

  it('parses exactly like the text it came from, for any text made of the same pieces', async () => {
    const anyText = fc
      .array(
        fc.oneof(
          { weight: 2, arbitrary: fc.constantFrom(...PIECES) },
          { weight: 1, arbitrary: fc.constant(' ') },
          { weight: 2, arbitrary: fc.constantFrom(...INERT) },
        ),
        { maxLength: 16 },
      )
      .map((parts) => parts.join(''));
    let folded = 0;
    await fc.assert(
      fc.asyncProperty(anyText, async (text) => {
        const canonical = canonicalSearchText(text);
        if (canonical === text) return;
        folded++;
        expect(await parse(canonical), JSON.stringify(text)).toEqual(await parse(text));
      }),
      { numRuns: 600 },
    );
    // The property above says nothing about texts that were not folded: enough of them must be.
    expect(folded).toBeGreaterThan(50);
  });
});

describe('createSearchParser', () => {
  it('asks the database once per canonical text, then answers from memory', async () => {
    const parser = createSearchParser(database.db);
    const first = parser.parse('stainless pallet !!');
    const again = parser.parse('stainless pallet ?');
    // One query for both: the second request shares the first one's.
    expect(again).toBe(first);
    expect(await first).toEqual(['stainless', 'pallet']);
    const hit = parser.parse('stainless pallet .,;');
    expect(Array.isArray(hit)).toBe(true);
    expect(hit).toEqual(['stainless', 'pallet']);
    expect(parser.size()).toBe(1);
  });

  it('forgets the oldest text when full', async () => {
    const parser = createSearchParser(database.db, { maxEntries: 2 });
    for (const text of ['alpha', 'beta', 'gamma']) await parser.parse(text);
    expect(parser.size()).toBe(2);
    // "alpha" was dropped: asking again is a query (a promise), "gamma" is still in memory.
    expect(parser.parse('gamma')).toEqual(['gamma']);
    const asked = parser.parse('alpha');
    expect(asked).toBeInstanceOf(Promise);
    expect(await asked).toEqual(['alpha']);
  });
});
