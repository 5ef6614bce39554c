import { describe, expect, it } from 'vitest';
import { ProductListQuerySchema } from './products';
import { SearchTextSchema, searchWords } from './search';

describe('SearchTextSchema', () => {
  it('trims and keeps 1 to 100 characters of ordinary text, symbols and emoji included', () => {
    expect(SearchTextSchema.parse('  cable ties ')).toBe('cable ties');
    for (const ok of [
      'a',
      'x'.repeat(100),
      `it's "50%" off \\ _ | & ! :* <->`,
      'Crème brûlée 💥',
      '10.1-inch',
    ]) {
      expect(SearchTextSchema.safeParse(ok).success, ok).toBe(true);
    }
  });

  it.each([
    ['empty', ''],
    ['blank', '   '],
    ['101 characters', 'x'.repeat(101)],
    ['10,000 characters', 'y'.repeat(10_000)],
    ['NUL', 'a\u0000b'],
    ['a tab inside', 'a\tb'],
    ['a newline inside', 'a\nb'],
    ['DEL', 'a\u007fb'],
    ['a C1 control', 'a\u0085b'],
    ['a lone surrogate', 'a\uD800b'],
  ])('refuses %s', (_, value) => {
    expect(SearchTextSchema.safeParse(value).success).toBe(false);
    expect(ProductListQuerySchema.safeParse({ q: value }).success).toBe(false);
  });
});

describe('searchWords', () => {
  it('splits on anything that is not a letter or a digit, lowercased, in order', () => {
    expect(searchWords('Stainless-Steel CABLE ties, 10.1"')).toEqual([
      'stainless',
      'steel',
      'cable',
      'ties',
      '10',
      '1',
    ]);
    expect(searchWords('Crème brûlée')).toEqual(['crème', 'brûlée']);
    expect(searchWords('%_ & | ! 💥')).toEqual([]);
    expect(searchWords('a b c d e f g h i j k l m n', 3)).toEqual(['a', 'b', 'c']);
  });
});
