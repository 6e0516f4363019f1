import { MutationCache, QueryClient } from '@tanstack/react-query'
import { ApiError } from './api-client.ts'
import { describeError } from './error-text.ts'
import { notify } from './notify.ts'

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** The failure toast's title ('Could not archive the client'); the error's text is its description. */
      errorTitle?: string
      /** The description, where a flow's fixed wording differs from describeError's (the account flows, an invite). */
      errorText?: (error: unknown) => string
      /** false: the mutation shows its own error (under a field, in a dialog): no toast. */
      toast?: boolean
      /** The form shows the server's field errors under their fields: only other errors toast. */
      fieldsShown?: boolean
    }
  }
}

/** Failed queries retry once; data stays fresh for 5 minutes (docs/product.md#client-data-and-toasts). */
const QUERY_DEFAULTS = { retry: 1, staleTime: 5 * 60 * 1000 } as const

export { describeError }

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // A query always tries once, even offline: the service worker may answer from its copy. Only its
      // retries wait for the network (the app's online state, src/client/lib/online.ts).
      queries: { ...QUERY_DEFAULTS, networkMode: 'offlineFirst' },
      // A mutation runs at once and fails with no network; what must survive a lost signal goes
      // through the offline queue instead.
      mutations: { networkMode: 'always' },
    },
    // The one place mutation errors become a toast; a mutation with its own handling sets meta.toast = false.
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.toast === false) return
        if (error instanceof ApiError && error.code === 'UNAUTHENTICATED') return
        if (mutation.meta?.fieldsShown && error instanceof ApiError && error.fields) return
        const text = mutation.meta?.errorText?.(error) ?? describeError(error)
        notify.error(
          mutation.meta?.errorTitle ? { title: mutation.meta.errorTitle, description: text } : { title: text },
        )
      },
    }),
  })
}
