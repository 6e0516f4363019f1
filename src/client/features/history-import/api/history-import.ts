import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { ImportPreviewSchema, ImportStreamLineSchema, type ImportResult, type MappingEntry } from '#shared/schemas/history-import.ts'
import type { Unit } from '#shared/units.ts'
import { ApiError, apiUpload } from '#client/lib/api-client.ts'

/** The upload's settings: the file, the unit of its weights, and the lifter's time zone for its times. */
export type ImportUpload = { file: File; unit: Unit }

function formOf({ file, unit }: ImportUpload, mapping?: MappingEntry[]): FormData {
  const form = new FormData()
  form.set('file', file)
  form.set('unit', unit)
  form.set('timeZone', Intl.DateTimeFormat().resolvedOptions().timeZone)
  if (mapping) form.set('mapping', JSON.stringify(mapping))
  return form
}

/** POST /api/history-import/preview: what the file holds, nothing written. */
export function usePreviewImport() {
  return useMutation({
    mutationFn: async (upload: ImportUpload) => ImportPreviewSchema.parse(await (await apiUpload('/api/history-import/preview', formOf(upload))).json()),
    meta: { errorTitle: 'The file could not be read' },
  })
}

export type ImportProgress = { done: number; total: number }

/** What an import did: the rounds' results added up, and why it stopped early, if it did. */
export type ImportOutcome = ImportResult & { stoppedBy: string | null }

/** How often, and how long apart, a round the server is too busy for is sent again. */
const BUSY_RETRIES = 6
const BUSY_WAIT_MS = 5000

/**
 * POST /api/history-import: writes the file's sessions, reading the server's progress lines as
 * they arrive. A large file is written in rounds on the embedded database (each all or nothing,
 * the sessions written before skipped), so the request is sent again while sessions remain, and
 * the progress counts the whole file. A round the server is busy for (429) is sent again a little
 * later; a round that fails after others were written ends the import with what was written and
 * why it stopped (importing the same file again finishes it). Every cached answer is refetched
 * afterwards: history, progress and records all change.
 */
export function useImportHistory() {
  const queryClient = useQueryClient()
  const [progress, setProgress] = useState<ImportProgress | null>(null)
  const mutation = useMutation({
    mutationFn: async ({ upload, mapping }: { upload: ImportUpload; mapping: MappingEntry[] }): Promise<ImportOutcome> => {
      setProgress(null)
      let total: ImportOutcome | null = null
      // The sets the file held to write when the first round started (each round says what is left).
      let fileSets: number | null = null
      for (let busy = 0; ;) {
        const before = total?.sets ?? 0
        let round: ImportResult
        try {
          round = await importRound(upload, mapping, (done, left) => {
            fileSets ??= left
            setProgress({ done: before + done, total: fileSets })
          })
        } catch (error) {
          if (!total) throw error
          if (error instanceof ApiError && error.status === 429 && busy++ < BUSY_RETRIES) {
            await new Promise((resolve) => setTimeout(resolve, BUSY_WAIT_MS))
            continue
          }
          return { ...total, stoppedBy: error instanceof Error ? error.message : String(error) }
        }
        busy = 0
        total = total
          ? {
              ...round,
              sessions: total.sessions + round.sessions,
              sets: total.sets + round.sets,
              skipped: total.skipped,
              movementsCreated: total.movementsCreated + round.movementsCreated,
              stoppedBy: null,
            }
          : { ...round, stoppedBy: null }
        if (round.remaining === 0 || round.sessions === 0) return total
      }
    },
    meta: { errorTitle: 'Nothing was imported' },
    // A failure after some rounds leaves those written: the cache is refetched either way.
    onSettled: () => queryClient.invalidateQueries(),
  })
  return { ...mutation, progress }
}

/** One request of the import: its progress lines to `onProgress`, then its result. */
async function importRound(upload: ImportUpload, mapping: MappingEntry[], onProgress: (done: number, total: number) => void): Promise<ImportResult> {
  const response = await apiUpload('/api/history-import', formOf(upload, mapping))
  const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader()
  let buffer = ''
  while (reader) {
    const { done, value } = await reader.read()
    buffer += value ?? ''
    const lines = buffer.split('\n')
    buffer = done ? '' : (lines.pop() ?? '')
    for (const text of lines.filter(Boolean)) {
      const line = ImportStreamLineSchema.parse(JSON.parse(text))
      if (line.type === 'progress') onProgress(line.done, line.total)
      else if (line.type === 'done') return line.result
      else throw new ApiError(line.code, line.message, 500)
    }
    if (done) break
  }
  throw new ApiError('INTERNAL', 'The import stopped before it finished; nothing was written. Try again.', 500)
}
