import { Timer } from 'lucide-react'
import { useCallback, useEffect, useRef, useState } from 'react'
import type { RestEndInput } from '#shared/schemas/notifications.ts'
import { clockText } from '#shared/timed-work.ts'
import { forgetRestEnd, tellRestEnd } from '#client/features/notifications/api/rest-end.ts'
import { Button } from '#client/components/ui/button.tsx'
import { signal } from '#client/lib/signal.ts'
import { sessionText } from '../session-text.ts'

/**
 * A rest countdown kept as an end time, so it stays right through a screen lock or a slow tab.
 * The server is told the end too, and tells this device then (docs/notifications.md): a phone
 * locked during the rest still buzzes.
 */
export function useRestTimer() {
  const [endsAt, setEndsAt] = useState<number | null>(null)
  const [now, setNow] = useState(() => Date.now())
  // What the server is told, so that the device hears of the rest's end with the screen locked.
  const told = useRef<Omit<RestEndInput, 'endsAt'>>({})
  const end = useRef<number | null>(null)

  useEffect(() => {
    if (endsAt === null) return
    const tick = setInterval(() => setNow(Date.now()), 250)
    return () => clearInterval(tick)
  }, [endsAt])

  const left = endsAt === null ? null : Math.max(0, Math.ceil((endsAt - now) / 1000))
  useEffect(() => {
    if (left !== 0) return
    // Done: buzz and beep where the device allows, then clear.
    signal()
    const clear = setTimeout(() => {
      end.current = null
      setEndsAt(null)
    }, 3000)
    return () => clearTimeout(clear)
  }, [left])

  const restUntil = useCallback((at: number | null) => {
    end.current = at
    setEndsAt(at)
  }, [])
  const start = useCallback(
    (seconds: number, about: Omit<RestEndInput, 'endsAt'> = {}) => {
      const at = Date.now() + seconds * 1000
      told.current = about
      setNow(Date.now())
      restUntil(at)
      tellRestEnd({ ...about, endsAt: new Date(at).toISOString() })
    },
    [restUntil],
  )
  const add = useCallback(
    (seconds: number) => {
      if (end.current === null) return
      const at = end.current + seconds * 1000
      restUntil(at)
      tellRestEnd({ ...told.current, endsAt: new Date(at).toISOString() })
    },
    [restUntil],
  )
  const stop = useCallback(() => {
    if (end.current !== null && end.current > Date.now()) forgetRestEnd()
    restUntil(null)
  }, [restUntil])
  // Leaving the session (finished, discarded, another screen) mid-rest: its end is not told.
  useEffect(
    () => () => {
      if (end.current !== null && end.current > Date.now()) forgetRestEnd()
    },
    [],
  )
  return { left, start, add, stop }
}

/**
 * The space the rest banner takes at the bottom of the screen. The session page keeps this much
 * free below its content and as the document's scroll padding, so the banner never sits on a set
 * (keep it in step with the banner's own size below).
 */
export const REST_BANNER_SPACE = '6rem'

/** The rest countdown, fixed at the bottom of the screen (the session page hides the tab bar there). */
export function RestTimerBar({ left, onAdd, onSkip }: { left: number | null; onAdd: () => void; onSkip: () => void }) {
  if (left === null) return null
  return (
    <div
      role="timer"
      aria-label="Rest timer"
      className="fixed inset-x-0 bottom-0 z-30 mx-auto flex h-16 max-w-2xl items-center justify-between gap-3 border-t bg-primary px-4 text-primary-foreground shadow-lg mb-[env(safe-area-inset-bottom)] md:bottom-4 md:rounded-xl md:border"
    >
      <span className="flex items-center gap-2 text-lg font-semibold tabular-nums">
        <Timer aria-hidden /> {left === 0 ? sessionText.restDone : `Rest ${clockText(left)}`}
      </span>
      <span className="flex gap-2">
        <Button size="sm" variant="secondary" onClick={onAdd}>
          +30 s
        </Button>
        <Button size="sm" variant="secondary" onClick={onSkip}>
          Skip rest
        </Button>
      </span>
    </div>
  )
}
