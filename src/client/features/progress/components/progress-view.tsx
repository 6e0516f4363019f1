import { useQuery } from '@tanstack/react-query'
import { Trash2 } from 'lucide-react'
import { useDeferredValue, useId, useState } from 'react'
import type { MovementRecords, Progress, ProgressMovement, WeeklyVolume } from '#shared/schemas/progress.ts'
import { fromKg, type Unit } from '#shared/units.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Input, NativeSelect } from '#client/components/ui/input.tsx'
import { notify } from '#client/lib/notify.ts'
import { progressQueries, useDeleteBodyWeight } from '../api/progress-queries.ts'
import { chartLoad, longDate, shortDate } from '../format.ts'
import { progressText } from '../progress-text.ts'
import { BodyWeightForm } from './body-weight-form.tsx'
import { ChartFigure, ChartHeading, DataTable } from './chart-figure.tsx'
import { StackedBarChart } from './stacked-bar-chart.tsx'
import { TrendChart } from './trend-chart.tsx'

type Props = {
  /** The client a coach looks at; left out, the signed-in lifter's own progress. */
  clientId?: string
  /** The viewer's unit: loads and body weight are shown in it. */
  unit: Unit
  /** The lifter on their own page logs body weight here; a coach only reads. */
  canLogBodyWeight: boolean
}

/** Progress: estimated 1RM per movement, weekly volume, records, session RPE and body weight. */
export function ProgressView({ clientId, unit, canLogBodyWeight }: Props) {
  const progress = useQuery(progressQueries.overview(clientId))
  if (progress.isPending) return <p className="text-sm text-muted-foreground">Loading progress…</p>
  if (progress.isError) return <p role="alert">{progressText.loadFailed}</p>
  const p = progress.data
  return (
    <div className="flex flex-col gap-4">
      <E1rmSection clientId={clientId} unit={unit} progress={p} />
      <VolumeSection weeks={p.weeklyVolume} unit={unit} />
      <RecordsSection records={p.records} unit={unit} />
      <SessionRpeSection progress={p} />
      <BodyWeightSection progress={p} unit={unit} canLog={canLogBodyWeight} />
    </div>
  )
}

function E1rmSection({ clientId, unit, progress }: { clientId?: string; unit: Unit; progress: Progress }) {
  const [picked, setPicked] = useState<ProgressMovement | null>(null)
  const [search, setSearch] = useState('')
  const q = useDeferredValue(search.trim())
  const found = useQuery({ ...progressQueries.movements(clientId, q), enabled: q.length > 0 })
  const movement = picked ?? progress.movements[0] ?? null
  const series = useQuery({ ...progressQueries.e1rm(clientId, movement?.movementId ?? ''), enabled: Boolean(movement) })
  const options = movement && !progress.movements.some((m) => m.movementId === movement.movementId) ? [movement, ...progress.movements] : progress.movements
  const points = (series.data?.points ?? []).map((pt) => ({ key: pt.sessionId, label: shortDate(pt.date), value: chartLoad(pt.e1rmKg, unit), date: pt.date, set: pt.bestSet }))
  const first = points[0]
  const last = points.at(-1)
  const best = points.reduce<(typeof points)[number] | null>((top, pt) => (!top || pt.value > top.value ? pt : top), null)
  const records = progress.records.find((r) => r.movementId === movement?.movementId)
  const name = movement?.name ?? ''

  const controls = progress.movements.length > 0 && (
    <div className="flex w-full flex-wrap gap-2 sm:w-auto">
      <NativeSelect aria-label="Movement" size="compact" className="min-w-40 flex-1" value={movement?.movementId ?? ''} onChange={(e) => setPicked(options.find((m) => m.movementId === e.target.value) ?? null)}>
        {options.map((m) => (
          <option key={m.movementId} value={m.movementId}>
            {m.name}
          </option>
        ))}
      </NativeSelect>
      <Input aria-label="Find a movement" type="search" size="compact" className="min-w-40 flex-1" placeholder="Find a movement" value={search} onChange={(e) => setSearch(e.target.value)} />
      {q && (
        <div className="flex basis-full flex-wrap gap-1" role="group" aria-label="Movements found">
          {found.data?.length === 0 && <p className="text-sm text-muted-foreground">No trained movement matches “{q}”.</p>}
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
              ? progressText.e1rmNoSets(name)
              : null
      }
      summary={
        first && last && best
          ? progressText.e1rmSummary(name, points.length, `${first.value} ${unit} on ${longDate(first.date)}`, `${last.value} ${unit} on ${longDate(last.date)}`, `${best.value} ${unit}`)
          : ''
      }
      table={
        <DataTable
          caption={`Estimated 1RM of ${name} by session`}
          head={['Date', `e1RM (${unit})`, 'Best set']}
          rows={points.map((pt) => [longDate(pt.date), pt.value, `${fromKg(pt.set.loadKg, unit)} ${unit} × ${pt.set.reps}`])}
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
    <div className="mt-3 overflow-x-auto">
      <h3 className="mb-1 text-sm font-medium">Records by rep count</h3>
      <DataTable
        caption={`Records of ${records.name} by rep count`}
        head={['Reps', 'Heaviest', 'First lifted']}
        rows={records.byReps.map((r) => [r.reps, `${fromKg(r.loadKg, unit)} ${unit}`, longDate(r.date)])}
      />
    </div>
  )
}

const TOP_SERIES = 5
type Grouping = 'muscle' | 'pattern'
type Metric = 'hardSets' | 'tonnageKg'

/** The five biggest groups over the weeks by the metric, then everything else as 'Other'. */
function volumeRows(weeks: readonly WeeklyVolume[], grouping: Grouping, metric: Metric, unit: Unit) {
  const groupsOf = (w: WeeklyVolume) => (grouping === 'muscle' ? w.byMuscle : w.byPattern) as Record<string, { tonnageKg: number; hardSets: number } | undefined>
  const totals = new Map<string, number>()
  for (const w of weeks) for (const [name, v] of Object.entries(groupsOf(w))) totals.set(name, (totals.get(name) ?? 0) + (v?.[metric] ?? 0))
  const ranked = [...totals].filter(([, total]) => total > 0).sort((a, b) => b[1] - a[1]).map(([name]) => name)
  const top = ranked.slice(0, TOP_SERIES)
  const series = ranked.length > TOP_SERIES ? [...top, 'Other'] : top
  const shown = (value: number) => (metric === 'tonnageKg' ? Math.round(fromKg(value, unit)) : Math.round(value * 10) / 10)
  const rows = weeks.map((w) => {
    const row: { label: string; weekStart: string } & Record<string, number | string> = { label: shortDate(w.weekStart), weekStart: w.weekStart }
    let other = 0
    for (const [name, v] of Object.entries(groupsOf(w))) {
      if (top.includes(name)) row[name] = shown(v?.[metric] ?? 0)
      else other += v?.[metric] ?? 0
    }
    for (const name of top) row[name] ??= 0
    if (series.includes('Other')) row.Other = shown(other)
    return row
  })
  return { rows, series, total: (w: WeeklyVolume) => shown(w[metric]) }
}

function VolumeSection({ weeks, unit }: { weeks: readonly WeeklyVolume[]; unit: Unit }) {
  const [grouping, setGrouping] = useState<Grouping>('muscle')
  const [metric, setMetric] = useState<Metric>('hardSets')
  const { rows, series, total } = volumeRows(weeks, grouping, metric, unit)
  const metricUnit = metric === 'hardSets' ? 'hard sets' : unit
  const trained = weeks.filter((w) => w.hardSets > 0 || w.tonnageKg > 0)
  const groupWord = grouping === 'muscle' ? 'muscle group' : 'movement pattern'
  return (
    <ChartFigure
      title="Weekly volume"
      controls={
        <div className="flex flex-wrap gap-2">
          <Choice
            label="Group by"
            value={grouping}
            onChange={setGrouping}
            options={[
              ['muscle', 'By muscle group'],
              ['pattern', 'By movement pattern'],
            ]}
          />
          <Choice
            label="Measure"
            value={metric}
            onChange={setMetric}
            options={[
              ['hardSets', 'Hard sets'],
              ['tonnageKg', 'Tonnage'],
            ]}
          />
        </div>
      }
      empty={trained.length === 0 ? progressText.volumeNothing : null}
      summary={`Weekly ${metric === 'hardSets' ? 'hard sets' : `tonnage in ${unit}`} by ${groupWord} over the last ${weeks.length} weeks: ${weeks.map((w) => `week of ${longDate(w.weekStart)} ${total(w)}`).join(', ')}.`}
      table={
        <DataTable
          caption={`Weekly ${metric === 'hardSets' ? 'hard sets' : 'tonnage'} by ${groupWord}`}
          head={['Week of', ...series, 'Total']}
          rows={rows.map((row, i) => [longDate(String(row.weekStart)), ...series.map((s) => row[s] ?? 0), weeks[i] ? total(weeks[i]) : 0])}
        />
      }
    >
      <StackedBarChart rows={rows} series={series} unit={metricUnit} />
      <p className="text-xs text-muted-foreground">{progressText.volumeNote}</p>
    </ChartFigure>
  )
}

/** One of a few options, as pressed buttons side by side. */
function Choice<T extends string>({ label, value, onChange, options }: { label: string; value: T; onChange: (value: T) => void; options: readonly (readonly [T, string])[] }) {
  return (
    <div role="group" aria-label={label} className="inline-flex rounded-lg bg-muted p-1">
      {options.map(([option, text]) => (
        <button
          key={option}
          type="button"
          aria-pressed={value === option}
          onClick={() => onChange(option)}
          className="rounded-md px-3 py-1 text-sm font-medium text-muted-foreground outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-pressed:bg-background aria-pressed:text-foreground aria-pressed:shadow-sm"
        >
          {text}
        </button>
      ))}
    </div>
  )
}

function RecordsSection({ records, unit }: { records: readonly MovementRecords[]; unit: Unit }) {
  const withBest = records.filter((r) => r.bestE1rm)
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 rounded-xl border bg-card p-4">
      <ChartHeading id={headingId}>Personal records</ChartHeading>
      {withBest.length === 0 ? (
        <p className="text-sm text-muted-foreground">{progressText.recordsNothing}</p>
      ) : (
        <div className="overflow-x-auto">
          <DataTable
            caption="Personal records"
            head={['Movement', 'Best e1RM', 'From', 'Date', 'Rep records']}
            rows={withBest.map((r) => [
              r.name,
              `${chartLoad(r.bestE1rm?.e1rmKg ?? 0, unit)} ${unit}`,
              `${fromKg(r.bestE1rm?.loadKg ?? 0, unit)} ${unit} × ${r.bestE1rm?.reps ?? 0}`,
              longDate(r.bestE1rm?.date ?? ''),
              r.byReps
                .filter((rep) => [1, 3, 5, 8, 10].includes(rep.reps))
                .map((rep) => `${rep.reps}RM ${fromKg(rep.loadKg, unit)}`)
                .join(' · '),
            ])}
          />
        </div>
      )}
    </section>
  )
}

function SessionRpeSection({ progress }: { progress: Progress }) {
  const points = progress.sessionRpe.map((s) => ({ key: s.sessionId, label: shortDate(s.date), value: s.rpe, date: s.date, title: s.title }))
  const average = points.length ? Math.round((points.reduce((n, pt) => n + pt.value, 0) / points.length) * 10) / 10 : 0
  return (
    <ChartFigure
      title="Session RPE"
      empty={points.length === 0 ? progressText.rpeNothing : null}
      summary={progressText.rpeSummary(points.length, average, points.at(-1)?.value ?? '')}
      table={<DataTable caption="Session RPE by session" head={['Date', 'Workout', 'RPE']} rows={points.map((pt) => [longDate(pt.date), pt.title, pt.value])} />}
    >
      <TrendChart points={points} unit="RPE" color="var(--chart-4)" domain={[0, 10]} />
    </ChartFigure>
  )
}

function BodyWeightSection({ progress, unit, canLog }: { progress: Progress; unit: Unit; canLog: boolean }) {
  const remove = useDeleteBodyWeight()
  const points = progress.bodyWeights.map((b) => ({ key: b.date, label: shortDate(b.date), value: chartLoad(b.weightKg, unit), date: b.date }))
  const first = points[0]
  const last = points.at(-1)
  return (
    <ChartFigure
      title="Body weight"
      footer={canLog && <BodyWeightForm unit={unit} />}
      empty={points.length === 0 ? progressText.bodyWeightNothing(canLog) : null}
      summary={first && last ? progressText.bodyWeightSummary(points.length, `${first.value} ${unit} on ${longDate(first.date)}`, `${last.value} ${unit} on ${longDate(last.date)}`) : ''}
      table={
        <DataTable
          caption="Body weight readings"
          head={canLog ? ['Date', `Weight (${unit})`, ''] : ['Date', `Weight (${unit})`]}
          rows={[...points].reverse().map((pt) => [
            longDate(pt.date),
            pt.value,
            ...(canLog
              ? [
                  <Button
                    key="delete"
                    size="sm"
                    variant="ghost"
                    aria-label={`Delete the reading of ${longDate(pt.date)}`}
                    disabled={remove.isPending}
                    onClick={() => remove.mutate(pt.date, { onSuccess: () => notify.success({ ...progressText.readingDeleted, description: longDate(pt.date) }) })}
                  >
                    <Trash2 aria-hidden />
                  </Button>,
                ]
              : []),
          ])}
        />
      }
    >
      <TrendChart points={points} unit={unit} color="var(--chart-2)" />
    </ChartFigure>
  )
}
