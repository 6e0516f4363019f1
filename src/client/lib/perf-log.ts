/**
 * This browser's own measurements for /debug/perf-sessions: Web Vitals per route and the timings
 * of the session and set-log calls, newest first, kept in localStorage (at most 300).
 */
export type PerfEntry =
  | { kind: 'vital'; name: 'LCP' | 'INP' | 'CLS'; value: number; rating: string; route: string; at: number }
  | { kind: 'call'; name: string; ms: number; ok: boolean; route: string; at: number }

const KEY = 'coachline-perf'
const MAX = 300

/** A route's shape (ids become ':id'), so its measurements group together. */
export function routeOf(pathname: string): string {
  return pathname
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, ':id')
    .replace(/\/invite\/[\w-]+/, '/invite/:token')
}

export function readPerf(): PerfEntry[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]')
    return Array.isArray(parsed) ? (parsed as PerfEntry[]) : []
  } catch {
    return []
  }
}

type NewEntry = PerfEntry extends infer E
  ? E extends PerfEntry
    ? Omit<E, 'route' | 'at'> & { route?: string }
    : never
  : never

export function recordPerf(entry: NewEntry): void {
  try {
    const next = [{ route: routeOf(location.pathname), at: Date.now(), ...entry } as PerfEntry, ...readPerf()].slice(
      0,
      MAX,
    )
    localStorage.setItem(KEY, JSON.stringify(next))
    window.dispatchEvent(new Event('coachline-perf'))
  } catch {
    // Storage full or blocked: measurements are optional.
  }
}

export function clearPerf(): void {
  localStorage.removeItem(KEY)
  window.dispatchEvent(new Event('coachline-perf'))
}

/** Times a call and records it. */
export async function timed<T>(name: string, call: () => Promise<T>): Promise<T> {
  const started = performance.now()
  try {
    const result = await call()
    recordPerf({ kind: 'call', name, ms: Math.round(performance.now() - started), ok: true })
    return result
  } catch (error) {
    recordPerf({ kind: 'call', name, ms: Math.round(performance.now() - started), ok: false })
    throw error
  }
}
