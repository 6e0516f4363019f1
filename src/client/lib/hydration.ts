import { useSyncExternalStore } from 'react'

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
