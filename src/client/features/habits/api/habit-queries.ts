import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { apiPaths } from '#shared/api-paths.ts'
import { HabitSchema, HabitsSchema, type HabitChange, type HabitInput } from '#shared/schemas/habits.ts'
import { apiRequest } from '#client/lib/api-client.ts'

/** `clientId` undefined: my own habits (a lifter); a coach names their client. */
export const habitQueries = {
  all: () => ['habits'] as const,
  list: (clientId?: string, archived = false) =>
    queryOptions({
      queryKey: [...habitQueries.all(), clientId ?? 'me', archived ? 'archived' : 'active'],
      queryFn: ({ signal }) =>
        apiRequest(apiPaths.habits.list({ clientId, ...(archived ? { archived: '1' as const } : {}) }), {
          schema: HabitsSchema,
          signal,
        }),
    }),
}

/** Sets a new habit (a coach for their client, a lifter for themselves) or changes one. */
export function useSaveHabit() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (save: { id: string; change: HabitChange } | { input: HabitInput }) =>
      'id' in save
        ? apiRequest(apiPaths.habits.one(save.id), { method: 'PATCH', body: save.change, schema: HabitSchema })
        : apiRequest(apiPaths.habits.add, { method: 'POST', body: save.input, schema: HabitSchema }),
    meta: { errorTitle: 'Could not save the habit', fieldsShown: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: habitQueries.all() }),
  })
}
