import { Suspense, type ReactNode } from 'react'
import { Loading } from '#client/components/feedback/full-page-message.tsx'
import { TakenOver } from '#client/first-paint/hydration.ts'

/**
 * Screens load lazily; while one loads, its frame stays and says 'Loading…' (docs/product.md#routes-and-redirects).
 * On a page the server drew, React takes this boundary over after the rest of the page: a tap held
 * until the app runs waits for it (`TakenOver`).
 */
export function ScreenSuspense({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<Loading />}>
      {children}
      <TakenOver />
    </Suspense>
  )
}
