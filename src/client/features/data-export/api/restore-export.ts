import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiPaths } from '#shared/api-paths.ts'
import { RestoreResultSchema } from '#shared/schemas/data-export.ts'
import { apiRequest } from '#client/lib/api-client.ts'
import { dataExportText } from '../data-export-text.ts'

/** Restores a JSON export file into the signed-in account; everything on screen is read again after. */
export function useRestoreExport() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (file: File) =>
      apiRequest(apiPaths.dataExport.restore, { method: 'POST', body: file, schema: RestoreResultSchema }),
    meta: { errorTitle: dataExportText.restoreFailedTitle },
    onSuccess: () => queryClient.invalidateQueries(),
  })
}
