import {
  CATALOG_CSV_COLUMNS,
  CATALOG_FIELD_COLUMNS,
  CATALOG_MESSAGES,
  PRODUCT_FIELD_KINDS,
  type PriceTier,
  type ProductField,
} from '@bulkwise/contracts';
import { parse } from 'csv-parse/sync';
import { AppError } from '../../errors';
import { neutraliseCell, restoreCell } from '../../lib/csv/neutralise';

/** A product as the export writes it and the import plan compares it: its fields, breaks and version. */
export interface CatalogProduct {
  id: string;
  fields: Record<ProductField, string | number | null>;
  priceTiers: PriceTier[];
  /** Opaque; changes with every write to the row, stock taken by an order included. */
  version: string;
}

const money = (value: number) => value.toFixed(2);

/** `100:9.50;500:9.00`: the breaks in one cell, in minQuantity order as stored. */
export const priceTiersCell = (tiers: readonly PriceTier[]) =>
  tiers.map((t) => `${t.minQuantity}:${money(t.price)}`).join(';');

/** One field's cell as exported: prices with two decimals, an absent optional field empty. */
export function fieldCell(field: ProductField, value: string | number | null): string {
  if (value === null) return '';
  if (field === 'price') return money(Number(value));
  return String(value);
}

/** The export row of a product, in CATALOG_CSV_COLUMNS order, each text cell neutralised. */
export function exportRow(product: CatalogProduct): string[] {
  return [
    product.id,
    ...CATALOG_FIELD_COLUMNS.map(({ field }) => neutraliseCell(fieldCell(field, product.fields[field]))),
    priceTiersCell(product.priceTiers),
    product.version,
  ];
}

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/**
 * A cell as the product rules receive it: text un-neutralised (the export's apostrophe), numbers as
 * numbers when they are written as one (anything else is left as text, which the rule calls "must be a
 * number"), and an empty cell as null for an optional field or undefined ("is required") otherwise.
 */
export function fieldValue(field: ProductField, cell: string, optional: boolean): unknown {
  const text = restoreCell(cell);
  if (text.trim() === '') return optional ? null : undefined;
  if (PRODUCT_FIELD_KINDS[field] === 'text') return text;
  const trimmed = text.trim();
  return NUMBER.test(trimmed) ? Number(trimmed) : trimmed;
}

/** `100:9.50;500:9.00` → breaks, or null when the cell is not written that way. An empty cell is none. */
export function parsePriceTiers(cell: string): PriceTier[] | null {
  const text = cell.trim();
  if (text === '') return [];
  const tiers: PriceTier[] = [];
  for (const part of text.split(';')) {
    const match = /^\s*(\d+)\s*:\s*(\d+(?:\.\d+)?)\s*$/.exec(part);
    if (!match) return null;
    tiers.push({ minQuantity: Number(match[1]), price: Number(match[2]) });
  }
  return tiers;
}

/** One data row of an import: its line in the file (header = 1) and its cells by column name. */
export interface CsvRow {
  line: number;
  cells: Map<string, string>;
  /** Set when the row's cell count differs from the header's (the row is then an error). */
  cellCount?: number;
}

export interface ParsedCsv {
  columns: string[];
  rows: CsvRow[];
}

const badFile = (message: string) => new AppError('BAD_REQUEST', message);
const KNOWN = new Set(CATALOG_CSV_COLUMNS);

/** The file as text: UTF-8 (BOM dropped), refused when binary or not UTF-8. */
function decodeText(bytes: Buffer): string {
  if (bytes.includes(0)) throw badFile(CATALOG_MESSAGES.binary);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw badFile(CATALOG_MESSAGES.notUtf8);
  }
  // Control characters other than tab and line ends do not occur in spreadsheet text.
  if (/(?![\t\r\n])\p{Cc}/u.test(text)) throw badFile(CATALOG_MESSAGES.binary);
  return text;
}

/**
 * The whole file, or one clear 400: not UTF-8, binary, not CSV, or a header with a column it does not
 * know. UTF-8 with or without BOM; comma or semicolon (whichever the header uses); quoted cells with
 * commas, quotes and newlines; CRLF or LF.
 */
export function parseCatalogCsv(bytes: Buffer): ParsedCsv {
  const text = decodeText(bytes);
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  if (firstLine.trim() === '') throw badFile(CATALOG_MESSAGES.empty);
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';

  let records: Array<{ record: string[]; info: { bytes: number } }>;
  try {
    // With `info`, csv-parse answers { record, info } per row; its types describe only the plain form.
    records = parse(text, {
      delimiter,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
    }) as unknown as typeof records;
  } catch (err) {
    throw badFile(CATALOG_MESSAGES.unreadable(err instanceof Error ? err.message : 'unknown error'));
  }
  const [header, ...data] = records;
  if (!header || data.length === 0) throw badFile(CATALOG_MESSAGES.empty);
  const columns = header.record.map((c) => c.trim());
  const unknown = columns.filter((c) => !KNOWN.has(c));
  if (unknown.length > 0) throw badFile(CATALOG_MESSAGES.unknownColumns(unknown));
  const seen = new Set<string>();
  for (const c of columns) {
    if (seen.has(c)) throw badFile(CATALOG_MESSAGES.duplicateColumn(c));
    seen.add(c);
  }

  // A row is named by the line it starts on. csv-parse counts a CRLF inside quotes as two lines, so the
  // lines are counted here, from where the previous record ended (`bytes`), past any blank lines.
  const utf8 = Buffer.from(text);
  let offset = 0;
  let line = 1;
  const advanceTo = (end: number) => {
    for (; offset < end; offset++) {
      const byte = utf8[offset];
      if (byte === 0x0a || (byte === 0x0d && utf8[offset + 1] !== 0x0a)) line++;
    }
  };
  const startOfNextRecord = () => {
    while (offset < utf8.length && (utf8[offset] === 0x0a || utf8[offset] === 0x0d)) advanceTo(offset + 1);
    return line;
  };
  advanceTo(header.info.bytes);
  const rows = data.map(({ record, info }) => {
    const start = startOfNextRecord();
    advanceTo(info.bytes);
    const cells = new Map(columns.map((c, i) => [c, record[i] ?? '']));
    return record.length === columns.length
      ? { line: start, cells }
      : { line: start, cells, cellCount: record.length };
  });
  return { columns, rows };
}
