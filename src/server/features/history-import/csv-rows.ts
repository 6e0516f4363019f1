import { CsvError, parse } from 'csv-parse/sync'
import { historyImportApiText, MAX_IMPORT_ROW_CHARS, MAX_IMPORT_ROWS } from '#shared/schemas/history-import.ts'
import { AppError } from '#server/lib/app-error.ts'

/*
 * The uploaded file as rows of cells: its bytes decoded whatever their encoding, read by csv-parse
 * row by row, each row with the line of the file it starts on, and a refusal that names the line
 * where the file stops being CSV.
 */

/** The uploaded bytes as text: UTF-8 (with or without a BOM), UTF-16 with a BOM, or else Windows-1252. */
export function decodeUpload(bytes: Uint8Array): string {
  if (bytes.length === 0) throw new AppError('BAD_REQUEST', { message: historyImportApiText.empty })
  if (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) {
    throw new AppError('BAD_REQUEST', { message: 'This is a zip archive: unzip it and choose the CSV file inside' })
  }
  let text: string
  if (bytes[0] === 0xff && bytes[1] === 0xfe) text = new TextDecoder('utf-16le').decode(bytes.subarray(2))
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) text = new TextDecoder('utf-16be').decode(bytes.subarray(2))
  else {
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    } catch {
      // Not UTF-8: an older export saved by a spreadsheet on Windows.
      text = new TextDecoder('windows-1252').decode(bytes)
    }
  }
  // Text never holds NUL; a file that does is an image, an archive or a database.
  if (text.includes('\u0000')) throw new AppError('BAD_REQUEST', { message: historyImportApiText.notText })
  return text.replace(/^\uFEFF/, '')
}

export type Row = { line: number; cells: string[] }

/** Thrown from inside the CSV reader to stop it: the file has already been refused. */
export class StopReading extends Error {
  constructor(readonly refusal: AppError) {
    super(refusal.message)
  }
}

/**
 * Reads the file's rows one at a time and hands each after the header to `onRow`, with the line
 * it starts on; nothing holds the rows themselves.
 */
export function readRows(text: string, onHeader: (header: string[]) => void, onRow: (row: Row) => void): void {
  const firstLine = text.slice(0, text.search(/\r\n|\n|\r|$/))
  if (!firstLine.trim()) throw new AppError('BAD_REQUEST', { message: historyImportApiText.unknownLayout })
  // Strong writes ';' in locales whose decimal mark is a comma; the header tells which.
  const delimiter = [',', ';', '\t'].reduce(
    (best, candidate) => (firstLine.split(candidate).length > firstLine.split(best).length ? candidate : best),
    ',',
  )
  const buffer = Buffer.from(text)
  let header = true
  let rows = 0
  // Where the last row read whole ends, in bytes: an unfinished row begins after it.
  let rowsEndAt = 0
  try {
    parse(buffer, {
      delimiter,
      info: true,
      raw: true,
      relax_column_count: true,
      skip_empty_lines: true,
      // csv-parse counts the characters of a row's values together (not its separators or quotes).
      max_record_size: MAX_IMPORT_ROW_CHARS,
      // Each row is handled as it is read and then dropped (null): the parser keeps no list of them.
      on_record: (entry: unknown) => {
        const { record, raw, info } = entry as { record: string[]; raw: string; info: { lines: number; bytes: number } }
        const line = info.lines - innerLineBreaks(raw)
        rowsEndAt = info.bytes
        if (header) {
          header = false
          onHeader(record.map((name) => name.trim().toLowerCase()))
        } else if (++rows > MAX_IMPORT_ROWS) {
          throw new StopReading(new AppError('BAD_REQUEST', { message: historyImportApiText.tooManyRows }))
        } else {
          onRow({ cells: record, line })
        }
        return null
      },
    })
  } catch (error) {
    if (error instanceof StopReading) throw error.refusal
    if (error instanceof CsvError)
      throw new AppError('BAD_REQUEST', { message: csvErrorMessage(error, buffer, rowsEndAt) })
    throw error
  }
  if (header) throw new AppError('BAD_REQUEST', { message: historyImportApiText.empty })
}

/** The line of `buffer` that the byte at `offset` is on (the first line is 1). */
function lineAt(buffer: Buffer, offset: number): number {
  let line = 1
  for (let i = 0; i < offset && i < buffer.length; i++) {
    if (buffer[i] === 0x0a || (buffer[i] === 0x0d && buffer[i + 1] !== 0x0a)) line++
  }
  return line
}

/** Where the row the reader stopped in begins: after the rows read whole and any blank lines after them. */
function lineOfUnfinishedRow(buffer: Buffer, rowsEndAt: number): number {
  let offset = rowsEndAt
  while (offset < buffer.length && (buffer[offset] === 0x0a || buffer[offset] === 0x0d)) offset++
  return lineAt(buffer, offset)
}

function csvErrorMessage(error: CsvError, buffer: Buffer, rowsEndAt: number): string {
  const { lines } = error as CsvError & { lines?: number }
  // csv-parse reports the line it had reached; a value never closed runs to the end of the file,
  // so that one is reported where its row begins, which is where the lifter has to look.
  const line = error.code === 'CSV_QUOTE_NOT_CLOSED' ? lineOfUnfinishedRow(buffer, rowsEndAt) : lines
  const where = line ? `Line ${line}: ` : ''
  switch (error.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return `${where}a quoted value opened on this line is never closed, so the rest of the file cannot be read`
    case 'CSV_INVALID_CLOSING_QUOTE':
    case 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE':
      return `${where}a quote inside a value must be doubled ("")`
    case 'CSV_MAX_RECORD_SIZE':
      return `${where}${historyImportApiText.rowTooLong}`
    default:
      return `${where}this is not a valid CSV row`
  }
}

/** The line breaks inside a record's raw text (a quoted cell's), not those before or after it. */
function innerLineBreaks(raw: string): number {
  let start = 0
  let end = raw.length
  while (start < end && (raw[start] === '\r' || raw[start] === '\n')) start++
  while (end > start && (raw[end - 1] === '\r' || raw[end - 1] === '\n')) end--
  return raw.slice(start, end).match(/\r\n|\n|\r/g)?.length ?? 0
}
