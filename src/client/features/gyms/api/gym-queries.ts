import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { apiPaths } from '#shared/api-paths.ts'
import { GymListSchema, GymSchema, type CreateGymInput, type UpdateGymInput } from '#shared/schemas/gyms.ts'
import { apiRequest } from '#client/lib/api-client.ts'
import { authQueries } from '#client/features/auth/api/auth-queries.ts'
import { movementQueries } from '#client/features/movements/api/movement-queries.ts'

export const gymQueries = {
  all: () => ['gyms'] as const,
  list: () =>
    queryOptions({
      queryKey: gymQueries.all(),
      queryFn: ({ signal }) => apiRequest(apiPaths.gyms.list, { schema: GymListSchema, signal }),
    }),
}

/**
 * Every change of a gym may change the profile (its current gym, and the plates it loads there):
 * both are read again.
 */
function useRefresh() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: gymQueries.all() }),
      queryClient.invalidateQueries({ queryKey: authQueries.me().queryKey }),
      queryClient.invalidateQueries({ queryKey: [...movementQueries.all(), 'swaps'] }),
    ])
}

/** Adds a gym, or changes one. */
export function useSaveGym() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: (save: { id: string; change: UpdateGymInput } | { input: CreateGymInput }) =>
      'id' in save
        ? apiRequest(apiPaths.gyms.one(save.id), { method: 'PATCH', body: save.change, schema: GymSchema })
        : apiRequest(apiPaths.gyms.list, { method: 'POST', body: save.input, schema: GymSchema }),
    meta: { errorTitle: 'Could not save the gym', fieldsShown: true },
    onSuccess: refresh,
  })
}

export function useRemoveGym() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: (id: string) => apiRequest(apiPaths.gyms.one(id), { method: 'DELETE' }),
    meta: { errorTitle: 'Could not remove the gym' },
    onSuccess: refresh,
  })
}

/** The gym the lifter trains at now (null: none). */
export function useChooseGym() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: (gymId: string | null) =>
      apiRequest(apiPaths.gyms.current, { method: 'PUT', body: { gymId }, schema: GymListSchema }),
    meta: { errorTitle: 'Could not change your gym' },
    onSuccess: refresh,
  })
}
