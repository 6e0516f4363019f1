import { useEffect, useSyncExternalStore } from 'react'

const neverChanges = () => () => {}

/**
 * True while React renders a page the server drew, to take it over (and when the server draws
 * it); false in every render the browser makes itself, including the one right after taking over.
 * What only the browser knows waits for false: the first render must draw what the server drew.
 */
export function useTakingOver(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => false,
    () => true,
  )
}

/**
 * Tells the script of a page the server drew (public/prerendered.js) that the app has taken the
 * page over, so the tap or form it held meanwhile can happen now. It belongs inside the screen's
 * Suspense boundary: React takes such a boundary over after the rest of the page, and a tap on the
 * screen does nothing before that.
 */
export function TakenOver(): null {
  useEffect(() => {
    document.dispatchEvent(new Event('coachline:app-running'))
  }, [])
  return null
}
