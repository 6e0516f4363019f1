import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import * as z from 'zod/mini'
import {
  ApiTokenSchema,
  CreatedApiTokenSchema,
  apiTokenText,
  type CreateApiTokenInput,
} from '#shared/schemas/api-tokens.ts'
import { apiPaths } from '#shared/api-paths.ts'
import { apiRequest } from '#client/lib/api-client.ts'

export const apiTokenQueries = {
  all: () => ['api-tokens'] as const,
  list: () =>
    queryOptions({
      queryKey: [...apiTokenQueries.all(), 'list'],
      queryFn: ({ signal }) => apiRequest(apiPaths.tokens.list, { schema: z.array(ApiTokenSchema), signal }),
    }),
}

/** Makes a token; its answer carries the secret, which only the dialog that shows it keeps. */
export function useCreateApiToken() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: CreateApiTokenInput) =>
      apiRequest(apiPaths.tokens.create, { method: 'POST', body: input, schema: CreatedApiTokenSchema }),
    meta: { errorTitle: apiTokenText.createFailedTitle, fieldsShown: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokenQueries.all() }),
  })
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => apiRequest(apiPaths.tokens.one(id), { method: 'DELETE' }),
    meta: { errorTitle: apiTokenText.revokeFailedTitle },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokenQueries.all() }),
  })
}
