import { renderFactsMail, type RenderedMail } from './mail-html';

/** The outbox kind the products_low_stock trigger writes (migration 0019). */
export const LOW_STOCK_KIND = 'stock.low';

/** What the trigger stores: the product as it was when its stock crossed below the threshold. */
export interface LowStockMailPayload {
  productId: string;
  name: string;
  sku: string | null;
  supplierName: string;
  stock: number;
  threshold: number;
  minimumOrder: number;
}

/** The supplier's low-stock mail, with a link to update the product; user values escaped in HTML. */
export function renderLowStockMail(p: LowStockMailPayload, publicUrl: string): RenderedMail {
  const url = `${publicUrl}/update-product/${encodeURIComponent(p.productId)}`;
  const lead =
    p.stock < p.minimumOrder
      ? `${p.name} is down to ${p.stock} in stock, below its minimum order of ${p.minimumOrder}: buyers cannot order it until you restock.`
      : `${p.name} is down to ${p.stock} in stock, below your low-stock threshold of ${p.threshold}.`;
  const facts: Array<[string, string]> = [
    ['Product', p.name],
    ...(p.sku ? ([['SKU', p.sku]] as Array<[string, string]>) : []),
    ['In stock', String(p.stock)],
    ['Low-stock threshold', String(p.threshold)],
    ['Minimum order', String(p.minimumOrder)],
  ];
  return renderFactsMail(
    {
      greeting: p.supplierName,
      subject: `Low stock: ${p.name} (${p.stock} left)`,
      lead,
      facts,
      link: { label: 'Update the product', url },
      optOut: 'low-stock emails',
    },
    publicUrl,
  );
}
