/**
 * Catalogue spreadsheets for the tests: the API's import tests (catalog.test.ts) and the browser journey
 * (apps/web/e2e/catalog-import.spec.ts) build their files here. Plain TypeScript, no Node or DOM: both runners import it.
 */

type Cell = string | number;

/** The columns a supplier fills in for a new product, in the export's order (no id, lowStockThreshold or version). */
export const NEW_PRODUCT_COLUMNS = [
  'sku',
  'name',
  'brandName',
  'category',
  'price',
  'stock',
  'minSellingQuantity',
  'rating',
  'description',
  'image',
  'priceTiers',
];

/** One product's cells in `columns` order: a plausible product named after `sku`, with `overrides`. */
export function productRow(
  sku: string,
  overrides: Partial<Record<string, Cell>> = {},
  columns: readonly string[] = NEW_PRODUCT_COLUMNS,
): Cell[] {
  const cells: Record<string, Cell> = {
    sku,
    name: `Product ${sku}`,
    brandName: 'Fastenco',
    category: 'Industrial Machinery & Tools',
    price: '12.50',
    stock: 1000,
    minSellingQuantity: 10,
    rating: 4.5,
    description: 'Box of 250.',
    image: 'https://images.example.com/p.jpg',
    priceTiers: '',
    ...overrides,
  };
  return columns.map((c) => cells[c] ?? '');
}

/** A file from rows of cells in `columns` order (every cell quoted, as a spreadsheet writes them). */
export const csvFile = (columns: readonly string[], rows: Cell[][], eol = '\n') =>
  [columns.join(','), ...rows.map((r) => r.map((c) => `"${String(c).replace(/"/g, '""')}"`).join(','))].join(
    eol,
  ) + eol;
