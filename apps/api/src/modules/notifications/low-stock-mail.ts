import { escapeHtml, factRows, oneLine, type RenderedMail } from './templates';

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
  const text = [
    `Hello ${p.supplierName},`,
    '',
    lead,
    '',
    ...facts.map(([label, value]) => `${label}: ${value}`),
    '',
    `Update the product: ${url}`,
    '',
    '— Bulkwise',
    `You receive this because low-stock emails are on. Turn them off at ${publicUrl}/settings`,
  ].join('\n');
  const rows = factRows(facts);
  const html = `<!doctype html><html lang="en"><body style="font-family:sans-serif;color:#1f2937">
<p>Hello ${escapeHtml(p.supplierName)},</p>
<p>${escapeHtml(lead)}</p>
<table role="presentation">${rows}</table>
<p><a href="${escapeHtml(url)}">Update the product</a></p>
<p style="color:#6b7280;font-size:12px">— Bulkwise. You receive this because low-stock emails are on.
<a href="${escapeHtml(`${publicUrl}/settings`)}">Turn them off</a>.</p>
</body></html>`;
  return { subject: oneLine(`Low stock: ${p.name} (${p.stock} left)`), text, html };
}
