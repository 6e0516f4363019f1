/* The walk that finds where a parsed body first breaks the limits every value of an export keeps. */
import {
  dataExportApiText,
  RESTORE_KEY_MAX,
  RESTORE_MAX_DEPTH,
  RESTORE_STRING_MAX,
} from '#shared/schemas/data-export.ts'

/** Where a file first breaks the limits every value of an export keeps, and how. */
export type ShapeProblem = { path: string; message: string }

// String.prototype.isWellFormed is in Node 20, but not yet in the ES2023 typings the server builds with.
const isWellFormed = (value: string): boolean => (value as string & { isWellFormed(): boolean }).isWellFormed()

function textProblemOf(value: string, max: number, tooLong: string): string | null {
  if (value.length > max) return tooLong
  if (value.includes('\u0000')) return dataExportApiText.textWithNul
  if (!isWellFormed(value)) return dataExportApiText.textIllFormed
  return null
}

/**
 * The first place where a parsed body breaks what every export keeps: objects and arrays nested
 * more than RESTORE_MAX_DEPTH deep, a string longer than RESTORE_STRING_MAX or a key longer than
 * RESTORE_KEY_MAX characters, a NUL character, half a character; null when there is none. The
 * walk keeps its own stack of at most RESTORE_MAX_DEPTH frames, one per open object or array, so
 * a body nested a million deep costs as much as one nested thirteen deep.
 */
export function shapeProblemOf(body: unknown): ShapeProblem | null {
  type Frame = { container: Record<string, unknown> | unknown[]; keys: string[] | null; next: number }
  const frames: Frame[] = []
  const open = (value: object) =>
    frames.push(
      Array.isArray(value)
        ? { container: value, keys: null, next: 0 }
        : { container: value as Record<string, unknown>, keys: Object.keys(value), next: 0 },
    )
  /** The path of the entry being visited; `key` stands for its last part (a key too long to repeat whole). */
  const pathTo = (key?: string) => {
    const parts = frames.map((frame) => (frame.keys ? (frame.keys[frame.next - 1] as string) : String(frame.next - 1)))
    if (key !== undefined) parts[parts.length - 1] = key
    return parts.join('.')
  }
  if (typeof body === 'string') {
    const problem = textProblemOf(body, RESTORE_STRING_MAX, dataExportApiText.textTooLong)
    return problem ? { path: '', message: problem } : null
  }
  if (!body || typeof body !== 'object') return null
  open(body)
  while (frames.length) {
    const frame = frames[frames.length - 1] as Frame
    const { container, keys } = frame
    if (frame.next >= (keys ? keys.length : (container as unknown[]).length)) {
      frames.pop()
      continue
    }
    const index = frame.next++
    const key = keys ? (keys[index] as string) : null
    if (key !== null) {
      const problem = textProblemOf(key, RESTORE_KEY_MAX, dataExportApiText.keyTooLong)
      if (problem) return { path: pathTo(key.length > 40 ? `${key.slice(0, 40)}…` : key), message: problem }
    }
    const value = key !== null ? (container as Record<string, unknown>)[key] : (container as unknown[])[index]
    if (typeof value === 'string') {
      const problem = textProblemOf(value, RESTORE_STRING_MAX, dataExportApiText.textTooLong)
      if (problem) return { path: pathTo(), message: problem }
    } else if (value && typeof value === 'object') {
      if (frames.length >= RESTORE_MAX_DEPTH) return { path: pathTo(), message: dataExportApiText.tooDeep }
      open(value)
    }
  }
  return null
}
