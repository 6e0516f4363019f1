import {
  historyImportApiText,
  importRowText,
  MAX_IMPORT_EXERCISES,
  MAX_IMPORT_SETS,
  MAX_LISTED_PROBLEMS,
  type ImportProblem,
} from '#shared/schemas/history-import.ts'
import { AppError } from '#server/lib/app-error.ts'
import { decodeUpload, readRows, StopReading } from './csv-rows.ts'
import { HevyReader, StrongReader } from './export-readers.ts'
import type { ParsedHistory, ParseOptions } from './parsed-history.ts'

/**
 * Reads Strong's and Hevy's CSV exports (docs/import.md): the bytes as uploaded, whatever their
 * encoding and line endings, into sessions of sets, or the rows that cannot be read, each by
 * its line in the file.
 */

/** Bad rows a file may have and still be previewed (each listed with its problems). */
const MAX_BAD_ROWS = MAX_LISTED_PROBLEMS

const STRONG_REQUIRED = ['date', 'workout name', 'exercise name', 'set order', 'weight', 'reps']
const HEVY_REQUIRED = ['title', 'start_time', 'exercise_title', 'set_index', 'reps']

/**
 * Reads an export of either app; throws a 4xx for a file that is not one. The work is bounded by
 * the file, not by what is wrong with it: reading stops at the first row past MAX_IMPORT_ROWS,
 * the first set past MAX_IMPORT_SETS, the first exercise name past MAX_IMPORT_EXERCISES, and the
 * first bad row past MAX_BAD_ROWS (a file with that many is not an export to fix row by row).
 */
export function parseExport(bytes: Uint8Array, options: ParseOptions): ParsedHistory {
  let reader: StrongReader | HevyReader | null = null
  let columns = 0
  const stopIfHopeless = () => {
    if (reader && reader.badRowCount > MAX_BAD_ROWS) throw new StopReading(tooManyBadRows(reader.result().problems))
  }
  readRows(
    decodeUpload(bytes),
    (header) => {
      const has = (names: string[]) => names.every((name) => header.includes(name))
      reader = has(STRONG_REQUIRED)
        ? new StrongReader(header, options)
        : has(HEVY_REQUIRED)
          ? new HevyReader(header, options)
          : null
      if (!reader) throw new StopReading(new AppError('BAD_REQUEST', { message: historyImportApiText.unknownLayout }))
      columns = header.length
    },
    (row) => {
      const r = reader as StrongReader | HevyReader
      if (row.cells.length === 1 && row.cells[0]?.trim() === '') return
      if (row.cells.length !== columns) r.problem(row.line, importRowText.columns(row.cells.length, columns))
      else r.read(row)
      if (r.setCount > MAX_IMPORT_SETS)
        throw new StopReading(new AppError('BAD_REQUEST', { message: historyImportApiText.tooManySets }))
      if (r.exerciseCount > MAX_IMPORT_EXERCISES)
        throw new StopReading(new AppError('BAD_REQUEST', { message: historyImportApiText.tooManyExercises }))
      stopIfHopeless()
    },
  )
  return (reader as StrongReader | HevyReader | null)?.result() ?? throwEmpty()
}

function throwEmpty(): never {
  throw new AppError('BAD_REQUEST', { message: historyImportApiText.empty })
}

/** The refusal of a file with more bad rows than MAX_BAD_ROWS, naming the first few. */
function tooManyBadRows(problems: ImportProblem[]): AppError {
  const first = problems
    .slice(0, 3)
    .map((problem) => `Line ${problem.line}: ${problem.message}`)
    .join('; ')
  return new AppError('BAD_REQUEST', { message: `${historyImportApiText.tooManyBadRows} ${first}` })
}
