import { useCallback, useEffect, useRef } from 'react'

/**
 * Saves a draft a moment after the last change, and at once when the editor closes (unmounts):
 * typing never waits on the network, and closing never drops a change.
 */
export function useDraftAutosave<D>(draft: D, save: (draft: D) => void, delayMs = 700): { flush: () => void } {
  const saveRef = useRef(save)
  const latest = useRef(draft)
  const saved = useRef(draft)
  useEffect(() => {
    saveRef.current = save
  })

  const flush = useCallback(() => {
    if (latest.current === saved.current) return
    saved.current = latest.current
    saveRef.current(latest.current)
  }, [])

  useEffect(() => {
    latest.current = draft
    if (draft === saved.current) return
    const timer = setTimeout(flush, delayMs)
    return () => clearTimeout(timer)
  }, [draft, delayMs, flush])

  useEffect(() => flush, [flush])
  return { flush }
}
