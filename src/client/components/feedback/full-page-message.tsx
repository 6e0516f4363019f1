import type { ReactNode } from 'react'

/** A centred message filling the page: loading, guard errors, crashes, 404. */
export function FullPageMessage({ title, children, role }: { title: string; children?: ReactNode; role?: 'alert' | 'status' }) {
  return (
    <main className="flex min-h-dvh items-center justify-center p-6">
      <div role={role} className="flex max-w-md flex-col items-center gap-4 text-center">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        {children}
      </div>
    </main>
  )
}

/** The fallback shown while a lazily loaded screen loads: 'Loading…'. */
export function Loading() {
  return (
    <div role="status" aria-live="polite" className="flex min-h-[40vh] items-center justify-center p-6 text-muted-foreground">
      Loading…
    </div>
  )
}
