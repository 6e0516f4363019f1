import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react'
import { useTakingOver } from '#client/lib/hydration.ts'

// A toaster that cannot load (a chunk gone after a deploy, no signal) leaves the page working, without toasts.
const Toaster = lazy((): Promise<{ default: ComponentType }> => import('./toaster.tsx').catch(() => ({ default: () => null })))

export function AppProvider({ children, client }: { children: ReactNode; client: QueryClient }) {
  // A page drawn on the server has no toaster, so the browser's first render of it has none either;
  // it joins once React has taken the page over (at once on a page the browser draws itself).
  const running = !useTakingOver()
  return (
    <QueryClientProvider client={client}>
      {children}
      {running && (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      )}
    </QueryClientProvider>
  )
}
