import { Suspense, type ReactNode } from 'react'
import { Loading } from '#client/components/feedback/full-page-message.tsx'

/** Screens load lazily; while one loads, its frame stays and says 'Loading…' (docs/product.md#routes-and-redirects). */
export function ScreenSuspense({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Loading />}>{children}</Suspense>
}
