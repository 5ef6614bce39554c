import { lineTotal } from '@bulkwise/contracts';
import { neutraliseCell } from '../../lib/csv/neutralise';
import type { ExportRow } from './orders.repository';

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
  // Appended, so readers of the earlier columns by position keep working (decision 0019).
  'buyer email verified',
];

/** One CSV cell: neutralised against formulas (lib/csv/neutralise.ts), then RFC 4180 quoting. */
export function csvCell(value: string | number | null): string {
  const text = neutraliseCell(value === null ? '' : String(value));
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(row: ExportRow): string {
  const unitPrice = Number(row.unitPrice);
  return `${[
    row.id,
    row.purchasedAt,
    row.status,
    row.product,
    row.sku,
    row.quantity,
    unitPrice.toFixed(2),
    lineTotal(row.quantity, unitPrice).toFixed(2),
    row.buyerName,
    row.buyerEmail,
    row.phone,
    row.address,
    row.carrier,
    row.trackingNumber,
    row.buyerEmailVerified ? 'yes' : 'no',
  ]
    .map(csvCell)
    .join(',')}\r\n`;
}
