import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { lazy, StrictMode, Suspense, type ComponentType, type ReactNode } from 'react'
import { useAfterFirstPaint } from '#client/first-paint/after-first-paint.ts'
import { useTakingOver } from '#client/first-paint/hydration.ts'
import { AppRoutes } from './router.tsx'

// A toaster that cannot load (a chunk gone after a deploy, no signal) leaves the page working, without toasts.
const Toaster = lazy((): Promise<{ default: ComponentType }> =>
  import('./toaster.tsx').catch(() => ({ default: () => null })),
)

function AppProvider({ children, client }: { children: ReactNode; client: QueryClient }) {
  // A page drawn on the server has no toaster, so the browser's first render of it has none either;
  // it joins once React has taken the page over and the first screen has painted (`notify` waits).
  const takingOver = useTakingOver()
  const painted = useAfterFirstPaint()
  const running = !takingOver && painted
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

/**
 * The whole app, as the browser renders it and as the build draws the public pages: one tree for
 * both, since the browser takes a drawn page over only if its first render is the same. Only the
 * router differs: the browser's follows the address bar, the build's holds one address.
 */
export function App({ client, Router }: { client: QueryClient; Router: ComponentType<{ children: ReactNode }> }) {
  return (
    <StrictMode>
      <AppProvider client={client}>
        <Router>
          <AppRoutes />
        </Router>
      </AppProvider>
    </StrictMode>
  )
}
