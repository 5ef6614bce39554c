import { IMAGE_SIZES, imageSrcset, type Product } from '@bulkwise/contracts';
import { VALID_PRODUCT_INPUT } from '@bulkwise/contracts/test-fixtures';
import { describe, expect, it } from 'vitest';
import { escapeHtml, jsonLd, renderHead, summary } from './pages.html';
import { productView } from './pages.views';

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

describe("a product page's photo without JavaScript", () => {
  const id = 'd'.repeat(32);
  const product: Product = {
    ...VALID_PRODUCT_INPUT,
    image: `/images/u/${id}-1280.webp`,
    _id: 'p1',
    categorySlug: 'industrial_machinery_tools',
    priceTiers: [],
    userName: 'Fastenco',
    supplierId: 's1',
    createdAt: '2026-11-28T00:00:00.000Z',
    sku: null,
    lowStockThreshold: null,
  };

  it('offers an upload as AVIF first, with the WebP widths for browsers without it', () => {
    const html = productView(product, []);
    const avif = imageSrcset(product.image, 'avif')!;
    expect(html).toContain(
      `<noscript><picture class="contents"><source type="image/avif" srcset="${avif}" sizes="${IMAGE_SIZES.productPage}" /><img src="${product.image}" srcset="${imageSrcset(product.image)}"`,
    );
  });

  it('leaves any other photo a bare <img>', () => {
    const html = productView({ ...product, image: 'https://cdn.example.com/p.jpg' }, []);
    expect(html).toContain('<noscript><img src="https://cdn.example.com/p.jpg" alt="Steel bolts M8"');
    expect(html).not.toContain('<picture');
  });
});
