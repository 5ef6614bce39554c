/**
 * A spreadsheet runs a cell that begins with = + - @ as a formula, also after leading spaces or a leading
 * tab, carriage return or line feed, and some (Excel with East Asian input) also for the full-width
 * ＝ ＋ － ＠. Such a
 * cell gets a leading apostrophe (OWASP's advice), which spreadsheets show as text and do not print.
 * A cell that already begins with an apostrophe gets one more, so `restoreCell` undoes this exactly
 * and a file exported and imported back changes nothing.
 */
const FORMULA_START = /^(?:[\t\r\n']|\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/;

/** The one neutraliser of CSV cells leaving the API (orders and catalog exports). */
export function neutraliseCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** The inverse of neutraliseCell, for a cell of a file coming back in (the catalog import). */
export function restoreCell(text: string): string {
  return text.startsWith("'") ? text.slice(1) : text;
}
