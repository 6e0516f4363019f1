/**
 * CSV as RFC 4180 writes it (docs/export-format.md#the-csv): fields joined by commas, records ended
 * by CRLF, a field quoted when it holds a comma, a quote, a CR or a LF, its quotes doubled.
 *
 * Text a spreadsheet would run as a formula (a cell that starts with = + - @, a tab or a CR) gets
 * a leading apostrophe, as OWASP's advice on CSV injection says: a movement named
 * '=HYPERLINK(...)' reads as text in Excel, LibreOffice and Google Sheets. Numbers are written as
 * numbers and never prefixed (our numbers are never negative).
 */
export type CsvCell = string | number | boolean | null | undefined

const NEEDS_QUOTES = /[",\r\n]/
const FORMULA_START = /^[=+\-@\t\r]/

function csvText(value: string): string {
  const guarded = FORMULA_START.test(value) ? `'${value}` : value
  return NEEDS_QUOTES.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded
}

export function csvRecord(cells: readonly CsvCell[]): string {
  return `${cells.map((cell) => (cell === null || cell === undefined ? '' : typeof cell === 'string' ? csvText(cell) : String(cell))).join(',')}\r\n`
}
