import { useMutation, useQueryClient } from '@tanstack/react-query'
import {
  MovementSchema,
  type CreateMovementInput,
  type Movement,
  type UpdateMovementInput,
} from '#shared/schemas/movements.ts'
import { apiPaths } from '#shared/api-paths.ts'
import { apiRequest } from '#client/lib/api-client.ts'
import { movementQueries } from './movement-queries.ts'

/** Every movement mutation refreshes the lists and puts the answer in the detail cache. */
function useMovementMutation<Variables>(
  request: (variables: Variables) => Promise<Movement>,
  meta: { errorTitle?: string; fieldsShown?: boolean } = {},
) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: request,
    meta,
    onSuccess: async (movement) => {
      queryClient.setQueryData(movementQueries.detail(movement.id).queryKey, movement)
      await queryClient.invalidateQueries({ queryKey: [...movementQueries.all(), 'list'] })
    },
  })
}

const SAVE_META = { errorTitle: 'Could not save the movement', fieldsShown: true }

const post = (path: string) => apiRequest(path, { method: 'POST', schema: MovementSchema })

/** Field errors go under the form's fields; anything else is a toast. */
export const useCreateMovement = () =>
  useMovementMutation(
    (input: CreateMovementInput) =>
      apiRequest(apiPaths.movements.create, { method: 'POST', body: input, schema: MovementSchema }),
    SAVE_META,
  )

export const useUpdateMovement = () =>
  useMovementMutation(
    ({ id, input }: { id: string; input: UpdateMovementInput }) =>
      apiRequest(apiPaths.movements.one(id), { method: 'PATCH', body: input, schema: MovementSchema }),
    SAVE_META,
  )

export const useSetMovementArchived = () =>
  useMovementMutation(({ id, archived }: { id: string; archived: boolean }) =>
    post(archived ? apiPaths.movements.archive(id) : apiPaths.movements.restore(id)),
  )

export const useCopyMovement = () => useMovementMutation((id: string) => post(apiPaths.movements.copy(id)))
