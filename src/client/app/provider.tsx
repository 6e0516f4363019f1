import { QueryClientProvider } from '@tanstack/react-query'
import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react'
import { createQueryClient } from '#client/lib/query-client.ts'

// A toaster that cannot load (a chunk gone after a deploy, no signal) leaves the page working, without toasts.
const Toaster = lazy((): Promise<{ default: ComponentType }> => import('./toaster.tsx').catch(() => ({ default: () => null })))

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient)
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </QueryClientProvider>
  )
}
