import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { apiPaths } from '#shared/api-paths.ts'
import { ImportPreviewSchema, ImportStreamLineSchema, type MappingEntry } from '#shared/schemas/history-import.ts'
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
    mutationFn: async (upload: ImportUpload) =>
      ImportPreviewSchema.parse(await (await apiUpload(apiPaths.historyImport.preview, formOf(upload))).json()),
    meta: { errorTitle: 'The file could not be read' },
  })
}

export type ImportProgress = { done: number; total: number }

/**
 * POST /api/history-import: writes the file's sessions in one transaction, reading the server's
 * progress lines as they arrive. Every cached answer is refetched afterwards: history, progress
 * and records all change.
 */
export function useImportHistory() {
  const queryClient = useQueryClient()
  const [progress, setProgress] = useState<ImportProgress | null>(null)
  const mutation = useMutation({
    mutationFn: async ({ upload, mapping }: { upload: ImportUpload; mapping: MappingEntry[] }) => {
      setProgress(null)
      const response = await apiUpload(apiPaths.historyImport.run, formOf(upload, mapping))
      const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader()
      let buffer = ''
      while (reader) {
        const { done, value } = await reader.read()
        buffer += value ?? ''
        const lines = buffer.split('\n')
        buffer = done ? '' : (lines.pop() ?? '')
        for (const text of lines.filter(Boolean)) {
          const line = ImportStreamLineSchema.parse(JSON.parse(text))
          if (line.type === 'progress') setProgress({ done: line.done, total: line.total })
          else if (line.type === 'done') return line.result
          else throw new ApiError(line.code, line.message, 500)
        }
        if (done) break
      }
      throw new ApiError('INTERNAL', 'The import stopped before it finished; nothing was written. Try again.', 500)
    },
    meta: { errorTitle: 'Nothing was imported' },
    // The server finishes an import whose answer was cut off, so the cache is refetched after a failure too.
    onSettled: () => queryClient.invalidateQueries(),
  })
  return { ...mutation, progress }
}
