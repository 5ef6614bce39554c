import type { CartItemRow } from '../../db/schema';
import { lineTotal } from '@bulkwise/contracts';

export const ORDER_CSV_HEADER = [
  'id',
  'date',
  'status',
  'product',
  'sku',
  'quantity',
  'unit price',
  'total',
  'buyer name',
  'buyer email',
  'phone',
  'address',
  'carrier',
  'tracking',
];

/**
 * One CSV cell. A spreadsheet runs a cell that begins with = + - @ (or a tab or carriage return before
 * one) as a formula, so such text gets a leading apostrophe (OWASP's advice); then RFC 4180 quoting.
 */
export function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(row: CartItemRow): string {
  const unitPrice = Number(row.unitPrice);
  const { name: product, sku } = row.productSnapshot as { name?: unknown; sku?: unknown };
  return `${[
    row.id,
    row.purchasedAt.toISOString(),
    row.status,
    typeof product === 'string' ? product : '',
    typeof sku === 'string' ? sku : '',
    row.quantity,
    unitPrice.toFixed(2),
    lineTotal(row.quantity, unitPrice).toFixed(2),
    row.buyerName,
    row.buyerEmail,
    row.phone,
    row.address,
    row.carrier,
    row.trackingNumber,
  ]
    .map(csvCell)
    .join(',')}\r\n`;
}
