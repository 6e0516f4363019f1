import { MutationCache, QueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { errorMessages } from '#shared/messages.ts'
import type { ErrorCode } from '#shared/errors.ts'
import { ApiError } from './api-client.ts'

/** Failed queries retry once; data stays fresh for 5 minutes (docs/product.md#client-data-and-toasts). */
export const QUERY_DEFAULTS = { retry: 1, staleTime: 5 * 60 * 1000 } as const

export function describeError(error: unknown): string {
  if (error instanceof ApiError) return errorMessages[error.code as ErrorCode] ?? error.message
  return errorMessages.INTERNAL
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { ...QUERY_DEFAULTS } },
    // The one place mutation errors become a toast; a mutation with its own handling sets meta.toast = false.
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.toast === false) return
        if (error instanceof ApiError && error.code === 'UNAUTHENTICATED') return
        toast.error(describeError(error))
      },
    }),
  })
}
