import { useQuery } from '@tanstack/react-query'
import { useDeferredValue, useState } from 'react'
import type { MovementRecords, Progress, ProgressMovement } from '#shared/schemas/progress.ts'
import { fromKg, type Unit } from '#shared/units.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Input, NativeSelect } from '#client/components/ui/input.tsx'
import { localToday, monthsBefore } from '#client/lib/dates.ts'
import { progressQueries } from '../api/progress-queries.ts'
import { chartLoad, longDate, shortDate } from '../format.ts'
import { progressText } from '../progress-text.ts'
import { ChartFigure, DataTable } from './chart-figure.tsx'
import { TrendChart } from './trend-chart.tsx'

/** The chart's ranges, the last three months first: what a lifter follows in a block, and a read that stays short however long the history. */
const RANGES = [
  { value: '3m', label: 'Last 3 months', text: 'the last 3 months', months: 3 },
  { value: '1y', label: 'Last year', text: 'the last year', months: 12 },
  { value: 'all', label: 'All time', text: 'all time', months: null },
] as const
type Range = (typeof RANGES)[number]

/** Estimated 1RM of one movement by session (any trained movement can be found), with its records by rep count. */
export function E1rmSection({ clientId, unit, progress }: { clientId?: string; unit: Unit; progress: Progress }) {
  const [picked, setPicked] = useState<ProgressMovement | null>(null)
  const [search, setSearch] = useState('')
  const q = useDeferredValue(search.trim())
  const found = useQuery({ ...progressQueries.movements(clientId, q), enabled: q.length > 0 })
  const movement = picked ?? progress.movements[0] ?? null
  const [range, setRange] = useState<Range>(RANGES[0])
  const since = range.months === null ? undefined : monthsBefore(localToday(), range.months)
  const series = useQuery({
    ...progressQueries.e1rm(clientId, movement?.movementId ?? '', since),
    enabled: Boolean(movement),
  })
  const options =
    movement && !progress.movements.some((m) => m.movementId === movement.movementId)
      ? [movement, ...progress.movements]
      : progress.movements
  const points = (series.data?.points ?? []).map((pt) => ({
    key: pt.sessionId,
    label: shortDate(pt.date),
    value: chartLoad(pt.e1rmKg, unit),
    date: pt.date,
    set: pt.bestSet,
  }))
  const first = points[0]
  const last = points.at(-1)
  const best = points.reduce<(typeof points)[number] | null>(
    (top, pt) => (!top || pt.value > top.value ? pt : top),
    null,
  )
  const records = progress.records.find((r) => r.movementId === movement?.movementId)
  const name = movement?.name ?? ''

  const controls = progress.movements.length > 0 && (
    <div className="flex w-full flex-wrap gap-2 sm:w-auto">
      <NativeSelect
        aria-label="Movement"
        size="compact"
        className="min-w-40 flex-1"
        value={movement?.movementId ?? ''}
        onChange={(e) => setPicked(options.find((m) => m.movementId === e.target.value) ?? null)}
      >
        {options.map((m) => (
          <option key={m.movementId} value={m.movementId}>
            {m.name}
          </option>
        ))}
      </NativeSelect>
      <NativeSelect
        aria-label="Range"
        size="compact"
        className="min-w-32"
        value={range.value}
        onChange={(e) => setRange(RANGES.find((r) => r.value === e.target.value) ?? RANGES[0])}
      >
        {RANGES.map((r) => (
          <option key={r.value} value={r.value}>
            {r.label}
          </option>
        ))}
      </NativeSelect>
      <Input
        aria-label="Find a movement"
        type="search"
        size="compact"
        className="min-w-40 flex-1"
        placeholder="Find a movement"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      {q && (
        <div className="flex basis-full flex-wrap gap-1" role="group" aria-label="Movements found">
          {found.data?.length === 0 && (
            <p className="text-sm text-muted-foreground">No trained movement matches “{q}”.</p>
          )}
          {found.data?.map((m) => (
            <Button
              key={m.movementId}
              size="sm"
              variant="outline"
              onClick={() => {
                setPicked(m)
                setSearch('')
              }}
            >
              {m.name}
            </Button>
          ))}
        </div>
      )}
    </div>
  )

  return (
    <ChartFigure
      title={progressText.e1rmTitle(movement ? name : null)}
      controls={controls}
      empty={
        !movement
          ? progressText.e1rmNothing
          : series.isPending
            ? 'Loading…'
            : points.length === 0
              ? since
                ? progressText.e1rmNoSetsIn(name, range.text)
                : progressText.e1rmNoSets(name)
              : null
      }
      summary={
        first && last && best
          ? progressText.e1rmSummary(
              name,
              points.length,
              `${first.value} ${unit} on ${longDate(first.date)}`,
              `${last.value} ${unit} on ${longDate(last.date)}`,
              `${best.value} ${unit}`,
            )
          : ''
      }
      table={
        <DataTable
          caption={`Estimated 1RM of ${name} by session`}
          head={['Date', `e1RM (${unit})`, 'Best set']}
          rows={points.map((pt) => [
            longDate(pt.date),
            pt.value,
            `${fromKg(pt.set.loadKg, unit)} ${unit} × ${pt.set.reps}`,
          ])}
        />
      }
    >
      <TrendChart points={points} unit={unit} />
      {records && <RepRecordsTable records={records} unit={unit} />}
    </ChartFigure>
  )
}

function RepRecordsTable({ records, unit }: { records: MovementRecords; unit: Unit }) {
  return (
    <div className="mt-3">
      <h3 className="mb-1 text-sm font-medium">Records by rep count</h3>
      <DataTable
        caption={`Records of ${records.name} by rep count`}
        head={['Reps', 'Heaviest', 'First lifted']}
        rows={records.byReps.map((r) => [r.reps, `${fromKg(r.loadKg, unit)} ${unit}`, longDate(r.date)])}
      />
    </div>
  )
}
