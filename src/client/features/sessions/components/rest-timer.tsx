import { Timer } from 'lucide-react'
import { useCallback, useEffect, useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { sessionText } from '../session-text.ts'

/** A rest countdown kept as an end time, so it stays right through a screen lock or a slow tab. */
export function useRestTimer() {
  const [endsAt, setEndsAt] = useState<number | null>(null)
  const [now, setNow] = useState(() => Date.now())

  useEffect(() => {
    if (endsAt === null) return
    const tick = setInterval(() => setNow(Date.now()), 250)
    return () => clearInterval(tick)
  }, [endsAt])

  const left = endsAt === null ? null : Math.max(0, Math.ceil((endsAt - now) / 1000))
  useEffect(() => {
    if (left !== 0) return
    // Done: buzz and beep where the device allows, then clear.
    navigator.vibrate?.([200, 100, 200])
    try {
      const audio = new AudioContext()
      const tone = audio.createOscillator()
      tone.frequency.value = 880
      tone.connect(audio.destination)
      tone.start()
      tone.stop(audio.currentTime + 0.25)
      tone.onended = () => void audio.close()
    } catch {
      // No audio here; the vibration and the screen say it.
    }
    const clear = setTimeout(() => setEndsAt(null), 3000)
    return () => clearTimeout(clear)
  }, [left])

  const start = useCallback((seconds: number) => {
    setNow(Date.now())
    setEndsAt(Date.now() + seconds * 1000)
  }, [])
  const add = useCallback((seconds: number) => setEndsAt((end) => (end === null ? end : end + seconds * 1000)), [])
  const stop = useCallback(() => setEndsAt(null), [])
  return { left, start, add, stop }
}

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`

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
        <Timer aria-hidden /> {left === 0 ? sessionText.restDone : `Rest ${clock(left)}`}
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
