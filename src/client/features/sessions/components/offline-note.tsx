import { CloudOff } from 'lucide-react'
import { useOnline } from '#client/lib/online.ts'

/** Said on the gym's screens while there is no signal: what they show is this device's copy. */
export function OfflineNote({ children }: { children: string }) {
  const online = useOnline()
  if (online) return null
  return (
    <p
      role="status"
      className="flex items-center gap-2 rounded-lg border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm"
    >
      <CloudOff className="size-4 shrink-0" aria-hidden />
      {children}
    </p>
  )
}
