import { describe, expect, it } from 'vitest';
import { escapeHtml, jsonLd, renderHead, summary } from './pages.html';

describe('the pieces of server-made HTML', () => {
  it('escapes the five characters that could end text or a quoted attribute', () => {
    expect(escapeHtml(`"><img src=x onerror='a&b'>`)).toBe(
      '&quot;&gt;&lt;img src=x onerror=&#39;a&amp;b&#39;&gt;',
    );
  });

  it('writes JSON-LD that no value can close, and that parses back to the same value', () => {
    const value = { name: '</script><script>alert(1)</script> & <!-- \u2028' };
    const block = jsonLd(value);
    const inner = block.slice('<script type="application/ld+json">'.length, -'</script>'.length);
    expect(inner).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(inner)).toEqual(value);
  });

  it('cuts a long description at a word, on one line', () => {
    expect(summary('a  b\nc')).toBe('a b c');
    const cut = summary(`${'word '.repeat(60)}end`);
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut.endsWith('word…')).toBe(true);
  });

  it('writes noindex and no canonical for a page that is not found', () => {
    const head = renderHead(
      { title: 'Product Details | Bulkwise', description: 'x', noindex: true, structuredData: [] },
      'Bulkwise',
    );
    expect(head).toContain('<meta name="robots" content="noindex" />');
    expect(head).not.toContain('canonical');
    expect(head).not.toContain('ld+json');
  });
});
