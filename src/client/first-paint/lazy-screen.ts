import { lazy, type ComponentType } from 'react'

/** A screen loaded on first use; `preload` loads it ahead. */
export type LazyScreen<P extends object = object> = ComponentType<P> & { preload: () => Promise<unknown> }

/**
 * Every screen is loaded when first visited, in its chunk (its own, or its kit's for the ones
 * scripts/first-paint/chunk-families.ts puts there; the shells show 'Loading…'). A screen
 * already loaded (by `preload`) renders at once: React takes a thenable that answers synchronously
 * as settled, and does not suspend. A page the server drew needs that: a click lands on it while
 * React takes it over, and React can answer a click on a part it has not taken over yet only when
 * it can take that part over on the spot.
 */
export function lazyScreen<M, P extends object = object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): LazyScreen<P> {
  type Loaded = { default: ComponentType<P> }
  let loaded: Loaded | undefined
  let loading: Promise<Loaded> | undefined
  const preload = () => (loading ??= load().then((module) => (loaded = { default: pick(module) })))
  const settled = (value: Loaded) => ({ then: (resolve: (module: Loaded) => void) => resolve(value) })
  const Screen = lazy(() => (loaded ? (settled(loaded) as unknown as Promise<Loaded>) : preload()))
  return Object.assign(Screen, { preload }) as unknown as LazyScreen<P>
}
