import type { ReactNode } from 'react'

type MessageProps = {
  title: string
  children?: ReactNode
  role?: 'alert' | 'status'
  /** Shown inside a shell (the 404 page), whose main it fills: it is not a second main landmark. */
  inShell?: boolean
}

/** A centred message filling the page: loading, guard errors, crashes, 404. */
export function FullPageMessage({ title, children, role, inShell = false }: MessageProps) {
  const Frame = inShell ? 'div' : 'main'
  return (
    <Frame className="flex min-h-dvh items-center justify-center p-6">
      <div role={role} className="flex max-w-md flex-col items-center gap-4 text-center">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        {children}
      </div>
    </Frame>
  )
}

/** The fallback shown while a lazily loaded screen loads: 'Loading…'. */
export function Loading() {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-[40vh] items-center justify-center p-6 text-muted-foreground"
    >
      Loading…
    </div>
  )
}
