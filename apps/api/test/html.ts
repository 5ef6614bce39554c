import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A web build directory holding the repository's index.html (what the server-made pages start from). */
export function webDirWithIndexHtml(): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'bulkwise-pages-'));
  copyFileSync(path.resolve(__dirname, '../../web/index.html'), path.join(dir, 'index.html'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };
export const unescapeHtml = (s: string) =>
  s.replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ENTITIES[e]!);

/** The parts of the JSON-LD blocks the tests read. */
export interface ProductLd {
  name: string;
  description: string;
  sku?: string;
  brand: { name: string };
  offers: {
    price: string;
    availability: string;
    priceSpecification: Array<{ price: string; eligibleQuantity: { minValue: number; maxValue?: number } }>;
  };
}
export interface ListLd {
  itemListElement: Array<{ position: number; name: string; url?: string; item?: string }>;
}

function ofType<T>(blocks: ReadonlyArray<{ '@type': string }>, type: string): T {
  const block = blocks.find((b) => b['@type'] === type);
  if (!block) throw new Error(`no ${type} JSON-LD block`);
  return block as unknown as T;
}

/** What a browser or a link preview reads from the page: title, meta tags, canonical, JSON-LD. */
export function readHead(html: string) {
  const meta = new Map<string, string>();
  for (const m of html.matchAll(/<meta (name|property)="([^"]+)" content="([^"]*)" \/>/g)) {
    meta.set(m[2]!, unescapeHtml(m[3]!));
  }
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
  const canonical = /<link rel="canonical" href="([^"]*)" \/>/.exec(html)?.[1];
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown> & { '@type': string },
  );
  return {
    title: title === undefined ? undefined : unescapeHtml(title),
    meta,
    canonical: canonical === undefined ? undefined : unescapeHtml(canonical),
    jsonLd,
    product: () => ofType<ProductLd>(jsonLd, 'Product'),
    breadcrumbs: () => ofType<ListLd>(jsonLd, 'BreadcrumbList'),
    itemList: () => ofType<ListLd>(jsonLd, 'ItemList'),
  };
}

/** The text a browser without JavaScript shows (tags dropped, entities read). */
export const visibleText = (html: string) =>
  unescapeHtml(
    (/<div id="root">([\s\S]*)<\/body>/.exec(html)?.[1] ?? '')
      .replace(/<script[\s\S]*?<\/script>/g, '')
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' '),
  );
