import { CloudOff, Loader2 } from 'lucide-react'
import { usePendingSets } from '../offline/sync.ts'
import { sessionText } from '../session-text.ts'

/** 'Offline: N sets waiting' while sets wait to reach the server; gone once they have. */
export function PendingBanner({ userId, sessionId }: { userId: string; sessionId?: string }) {
  const { count, online } = usePendingSets(userId, sessionId)
  if (count === 0) return null
  return (
    <p role="status" className="flex items-center gap-2 rounded-lg border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm font-medium">
      {online ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <CloudOff className="size-4" aria-hidden />}
      {online ? sessionText.syncing(count) : sessionText.offlineWaiting(count)}
    </p>
  )
}
