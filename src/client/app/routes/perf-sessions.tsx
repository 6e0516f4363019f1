import { useSyncExternalStore, type ReactNode } from 'react'
import { PageHeader } from '#client/components/layouts/page-header.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { ScrollRegion } from '#client/components/ui/scroll-region.tsx'
import { clearPerf, readPerf, type PerfEntry } from '#client/lib/perf-log.ts'

const subscribe = (listener: () => void) => {
  window.addEventListener('coachline-perf', listener)
  window.addEventListener('storage', listener)
  return () => {
    window.removeEventListener('coachline-perf', listener)
    window.removeEventListener('storage', listener)
  }
}
let cache: { raw: string | null; entries: PerfEntry[] } = { raw: null, entries: [] }
const snapshot = () => {
  const raw = localStorage.getItem('coachline-perf')
  if (raw !== cache.raw) cache = { raw, entries: readPerf() }
  return cache.entries
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0
}
const formatValue = (entry: PerfEntry) =>
  entry.kind === 'call'
    ? `${entry.ms} ms`
    : entry.name === 'CLS'
      ? entry.value.toFixed(3)
      : `${Math.round(entry.value)} ms`

/** /debug/perf-sessions: this browser's Web Vitals per route and its session and set-log call timings. */
export function PerfSessionsPage() {
  const entries = useSyncExternalStore(subscribe, snapshot)
  const vitals = entries.filter((e): e is Extract<PerfEntry, { kind: 'vital' }> => e.kind === 'vital')
  const routes = [...new Set(vitals.map((v) => v.route))]
  const calls = entries.filter((e): e is Extract<PerfEntry, { kind: 'call' }> => e.kind === 'call')
  const callNames = [...new Set(calls.map((c) => c.name))]

  return (
    <section className="flex flex-col gap-6">
      <PageHeader
        title="Performance"
        description="Measured in this browser only: Web Vitals per route, and the session and set-log calls."
      >
        <Button variant="outline" onClick={clearPerf} disabled={entries.length === 0}>
          Clear
        </Button>
      </PageHeader>
      {entries.length === 0 && (
        <p className="text-muted-foreground">Nothing measured yet. Use the app, then come back.</p>
      )}

      {routes.length > 0 && (
        <PerfTable
          label="Web Vitals by route"
          caption="Web Vitals by route (median)"
          columns={['Route', 'LCP', 'INP', 'CLS']}
        >
          {routes.map((route) => {
            const of = (name: string) => vitals.filter((v) => v.route === route && v.name === name).map((v) => v.value)
            const cell = (name: string, format: (v: number) => string) =>
              of(name).length ? format(median(of(name))) : '–'
            return (
              <tr key={route} className="border-t">
                <td className="py-1 pr-4 font-mono">{route}</td>
                <td className="py-1 pr-4">{cell('LCP', (v) => `${Math.round(v)} ms`)}</td>
                <td className="py-1 pr-4">{cell('INP', (v) => `${Math.round(v)} ms`)}</td>
                <td className="py-1 pr-4">{cell('CLS', (v) => v.toFixed(3))}</td>
              </tr>
            )
          })}
        </PerfTable>
      )}

      {callNames.length > 0 && (
        <PerfTable label="Calls" caption="Session and set-log calls" columns={['Call', 'Count', 'Median', 'Failed']}>
          {callNames.map((name) => {
            const mine = calls.filter((c) => c.name === name)
            return (
              <tr key={name} className="border-t">
                <td className="py-1 pr-4">{name}</td>
                <td className="py-1 pr-4">{mine.length}</td>
                <td className="py-1 pr-4">{median(mine.map((c) => c.ms))} ms</td>
                <td className="py-1 pr-4">{mine.filter((c) => !c.ok).length}</td>
              </tr>
            )
          })}
        </PerfTable>
      )}

      {entries.length > 0 && (
        <section aria-label="Newest first" className="flex flex-col gap-2">
          <h2 className="font-semibold">Newest first</h2>
          <ol className="divide-y rounded-xl border bg-card text-sm">
            {entries.slice(0, 100).map((entry, i) => (
              <li key={`${entry.at}:${i}`} className="flex flex-wrap justify-between gap-2 p-2">
                <span>
                  <span className="font-medium">{entry.name}</span>{' '}
                  <span className="font-mono text-xs text-muted-foreground">{entry.route}</span>
                </span>
                <span className="tabular-nums">
                  {formatValue(entry)}
                  {entry.kind === 'vital' ? ` · ${entry.rating}` : entry.ok ? '' : ' · failed'} ·{' '}
                  {new Date(entry.at).toLocaleTimeString()}
                </span>
              </li>
            ))}
          </ol>
        </section>
      )}
    </section>
  )
}

/** One table of measurements: its caption, its column names, then the rows. */
function PerfTable({
  label,
  caption,
  columns,
  children,
}: {
  label: string
  caption: string
  columns: string[]
  children: ReactNode
}) {
  return (
    <ScrollRegion label={label}>
      <table className="w-full text-left text-sm">
        <caption className="mb-2 text-left font-semibold">{caption}</caption>
        <thead className="text-muted-foreground">
          <tr>
            {columns.map((column) => (
              <th key={column} className="py-1 pr-4 font-medium">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </ScrollRegion>
  )
}
