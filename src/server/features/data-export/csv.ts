/**
 * CSV as RFC 4180 writes it (docs/export-format.md#the-csv): fields joined by commas, records ended
 * by CRLF, a field in double quotes when it holds a double quote, a comma, a semicolon, a tab, a
 * CR or a LF, its double quotes doubled. The semicolon and the tab are quoted too: they are the
 * separators of spreadsheets in other locales, and of TSV.
 *
 * Formula guard, as OWASP's advice on CSV injection says: text a spreadsheet would run as a
 * formula gets an apostrophe in front, so it reads as text in Excel, LibreOffice and Google
 * Sheets. That is text that starts with = + - @, a tab or a CR, at the start of the field and
 * also right after each comma, semicolon, tab, CR or LF inside it: a spreadsheet that splits on
 * ';' (Excel where the list separator is ';') or on tabs reads a double quote in the middle of
 * its cell as a plain character, so a field 'x;=1+1;y' would give it a cell '=1+1'. Written
 * "x;'=1+1;y", every such piece starts with the apostrophe. Numbers are written as numbers and
 * never prefixed (our numbers are never negative).
 */
export type CsvCell = string | number | boolean | null | undefined

const NEEDS_QUOTES = /[",;\t\r\n]/
/** A formula character at the start, or after a separator or line break: the apostrophe goes between. */
const FORMULA_STARTS = /(?<=^|[,;\t\r\n])(?=[=+\-@\t\r])/g

function csvText(value: string): string {
  const guarded = value.replace(FORMULA_STARTS, "'")
  return NEEDS_QUOTES.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded
}

export function csvRecord(cells: readonly CsvCell[]): string {
  return `${cells.map((cell) => (cell === null || cell === undefined ? '' : typeof cell === 'string' ? csvText(cell) : String(cell))).join(',')}\r\n`
}
