import type { CartItemRow } from '../../db/schema';
import { lineTotal } from '@bulkwise/contracts';

export const ORDER_CSV_HEADER = [
  'id',
  'date',
  'status',
  'product',
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
 * What a spreadsheet may run as a formula: a cell beginning with = + - @, their full-width forms
 * (＝ ＋ － ＠, which some spreadsheets fold to ASCII, Japanese and Chinese locales among them), or a
 * tab, carriage return or line feed (a cell that starts a new line is read as starting there).
 */
const FORMULA_START = /^(?:[\t\r\n]|\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/;

/**
 * One CSV cell: formula-like text gets a leading apostrophe (OWASP's advice), then RFC 4180 quoting.
 * Every CSV the API writes goes through here.
 */
export function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(row: CartItemRow): string {
  const unitPrice = Number(row.unitPrice);
  const product = (row.productSnapshot as { name?: unknown }).name;
  return `${[
    row.id,
    row.purchasedAt.toISOString(),
    row.status,
    typeof product === 'string' ? product : '',
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
