import { useState } from 'react'
import type { WeeklyVolume } from '#shared/schemas/progress.ts'
import { fromKg, type Unit } from '#shared/units.ts'
import { longDate, shortDate } from '../format.ts'
import { progressText } from '../progress-text.ts'
import { ChartFigure, DataTable } from './chart-figure.tsx'
import { StackedBarChart } from './stacked-bar-chart.tsx'

const TOP_SERIES = 5
type Grouping = 'muscle' | 'pattern'
type Metric = 'hardSets' | 'tonnageKg'

/** A muscle group as the chart names it: 'Glutes & hamstrings'. */
const groupLabel = (group: string) => `${group.charAt(0).toUpperCase()}${group.slice(1)}`.replace(' and ', ' & ')

/**
 * The series of the chart, biggest first: every muscle group the lifter trained (they are few,
 * and 'other' last), or the five biggest movement patterns with the rest as 'Other'.
 */
function volumeRows(weeks: readonly WeeklyVolume[], grouping: Grouping, metric: Metric, unit: Unit) {
  const groupsOf = (w: WeeklyVolume): Record<string, { tonnageKg: number; hardSets: number } | undefined> =>
    grouping === 'muscle'
      ? Object.fromEntries(Object.entries(w.byMuscleGroup).map(([group, v]) => [groupLabel(group), v]))
      : w.byPattern
  const totals = new Map<string, number>()
  for (const w of weeks)
    for (const [name, v] of Object.entries(groupsOf(w))) totals.set(name, (totals.get(name) ?? 0) + (v?.[metric] ?? 0))
  const ranked = [...totals]
    .filter(([, total]) => total > 0)
    .sort((a, b) => (a[0] === 'Other' ? 1 : b[0] === 'Other' ? -1 : b[1] - a[1]))
    .map(([name]) => name)
  const limit = grouping === 'muscle' ? ranked.length : TOP_SERIES
  const top = ranked.slice(0, limit)
  const series = ranked.length > limit ? [...top, 'Other'] : top
  const shown = (value: number) =>
    metric === 'tonnageKg' ? Math.round(fromKg(value, unit)) : Math.round(value * 10) / 10
  const rows = weeks.map((w) => {
    const row: { label: string; weekStart: string } & Record<string, number | string> = {
      label: shortDate(w.weekStart),
      weekStart: w.weekStart,
    }
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

/** Weekly hard sets or tonnage, by muscle group or movement pattern. */
export function VolumeSection({ weeks, unit }: { weeks: readonly WeeklyVolume[]; unit: Unit }) {
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
          rows={rows.map((row, i) => [
            longDate(String(row.weekStart)),
            ...series.map((s) => row[s] ?? 0),
            weeks[i] ? total(weeks[i]) : 0,
          ])}
        />
      }
    >
      <StackedBarChart rows={rows} series={series} unit={metricUnit} />
      <p className="text-xs text-muted-foreground">{progressText.volumeNote}</p>
    </ChartFigure>
  )
}

/** One of a few options, as pressed buttons side by side. */
function Choice<T extends string>({
  label,
  value,
  onChange,
  options,
}: {
  label: string
  value: T
  onChange: (value: T) => void
  options: readonly (readonly [T, string])[]
}) {
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
