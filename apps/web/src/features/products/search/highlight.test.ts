import { describe, expect, it } from 'vitest';
import { highlightParts, withinOneEdit } from './highlight';

const marked = (text: string, q: string) =>
  highlightParts(text, q)
    .filter((p) => p.match)
    .map((p) => p.text);

describe('highlightParts', () => {
  it('marks the whole words the server matched: exact, the last as a prefix, one letter off', () => {
    expect(marked('Stainless Steel Cable Ties', 'cable ti')).toEqual(['Cable', 'Ties']);
    expect(marked('Stainless Steel Cable Ties', 'stainlss')).toEqual(['Stainless']);
    expect(marked('Stainless Steel Cable Ties', 'sta steel')).toEqual(['Steel']);
    expect(marked('Crème brûlée torch', 'CREME')).toEqual(['Crème']);
  });

  it('keeps the text whole and in order, as plain strings', () => {
    const text = '<img src=x onerror=alert(1)> Cable & "ties"';
    const parts = highlightParts(text, 'ties img');
    expect(parts.map((p) => p.text).join('')).toBe(text);
    expect(marked(text, 'ties img')).toEqual(['img', 'ties']);
    expect(highlightParts(text, '%%')).toEqual([{ text, match: false }]);
  });

  it('counts one wrong, missing or extra letter, not two', () => {
    expect(withinOneEdit('stainless', 'stainlss')).toBe(true);
    expect(withinOneEdit('stainless', 'stainliss')).toBe(true);
    expect(withinOneEdit('stainless', 'stainlesss')).toBe(true);
    expect(withinOneEdit('stainless', 'stianless')).toBe(false);
    expect(withinOneEdit('bottle', 'bottel')).toBe(false);
  });
});
