import { useEffect, useState } from 'react'

/**
 * What the first screen does not need (the toaster, the Web Vitals recorder) loads once the page
 * has painted its first content and the main thread is idle again, so it never shares a slow
 * connection with the code and answers that paint waits for
 * (docs/first-paint.md#what-waits).
 *
 * On a signed-in page the first paint can be the frame's 'Loading…' rather than the screen.
 * A page that never paints (opened in a background tab) goes on after MAX_WAIT_MS all the same.
 */
const MAX_WAIT_MS = 3000

let painted: Promise<void> | undefined

/** Resolves once, for every caller, after the first contentful paint and an idle moment after it. */
export function afterFirstPaint(): Promise<void> {
  return (painted ??= new Promise<void>((resolve) => {
    const timer = setTimeout(done, MAX_WAIT_MS)
    function done() {
      clearTimeout(timer)
      resolve()
    }
    const idle = () =>
      typeof requestIdleCallback === 'function' ? requestIdleCallback(done, { timeout: 1000 }) : setTimeout(done, 0)
    const afterLoad = () =>
      document.readyState === 'complete' ? idle() : addEventListener('load', idle, { once: true })
    try {
      if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes.includes('paint')) {
        afterLoad()
        return
      }
      const observer = new PerformanceObserver((list) => {
        if (!list.getEntriesByName('first-contentful-paint').length) return
        observer.disconnect()
        idle()
      })
      observer.observe({ type: 'paint', buffered: true })
    } catch {
      // A browser that cannot observe paints: the page's load event stands in for it.
      afterLoad()
    }
  }))
}

/** False until `afterFirstPaint` resolves, then true (a component that joins the page only then). */
export function useAfterFirstPaint(): boolean {
  const [done, setDone] = useState(false)
  useEffect(() => {
    let live = true
    void afterFirstPaint().then(() => live && setDone(true))
    return () => {
      live = false
    }
  }, [])
  return done
}
