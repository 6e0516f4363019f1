import { CloudOff, Loader2 } from 'lucide-react'
import { usePendingSets } from '../offline/sync.ts'
import { sessionText } from '../session-text.ts'

/** 'Offline: N sets waiting' while sets wait to reach the server, in sight under the header while the page scrolls; gone once they have. */
export function PendingBanner({ userId, sessionId }: { userId: string; sessionId?: string }) {
  const { count, online } = usePendingSets(userId, sessionId)
  if (count === 0) return null
  return (
    <p
      role="status"
      className="sticky top-16 z-[5] flex items-center gap-2 rounded-lg border border-amber-500/40 bg-amber-50 px-3 py-2 text-sm font-medium shadow-sm dark:bg-amber-950"
    >
      {online ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <CloudOff className="size-4" aria-hidden />}
      {online ? sessionText.syncing(count) : sessionText.offlineWaiting(count)}
    </p>
  )
}
