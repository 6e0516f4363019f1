import { QueryClientProvider } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { Toaster } from 'sonner'
import { createQueryClient } from '#client/lib/query-client.ts'

/** Toasts close after 4 seconds, at most 3 at once (docs/product.md#client-data-and-toasts). */
const TOAST_DURATION_MS = 4000
const MAX_VISIBLE_TOASTS = 3

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient)
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster duration={TOAST_DURATION_MS} visibleToasts={MAX_VISIBLE_TOASTS} position="top-center" richColors closeButton />
    </QueryClientProvider>
  )
}
