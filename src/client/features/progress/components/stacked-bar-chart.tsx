import { useMemo } from 'react'
import { Bar } from 'react-chartjs-2'
import { baseOptions, useChartColors } from './chart-theme.ts'

/** Colours of the stacked series, in order (the theme's chart colours); 'Other' is always the grey. */
const SERIES_COLORS = [
  'var(--chart-1)',
  'var(--chart-2)',
  'var(--chart-3)',
  'var(--chart-4)',
  'var(--chart-5)',
  'var(--chart-7)',
  'var(--chart-8)',
]
const OTHER_COLOR = 'var(--chart-6)'

/** Bars per period, each split into series (muscle groups, patterns). `rows` hold one number per series name. */
export function StackedBarChart({
  rows,
  series,
  unit,
}: {
  rows: readonly ({ label: string } & Record<string, number | string>)[]
  series: readonly string[]
  unit: string
}) {
  const colors = useChartColors(
    series.map((name, i) =>
      name === 'Other' ? OTHER_COLOR : (SERIES_COLORS[i % SERIES_COLORS.length] ?? OTHER_COLOR),
    ),
  )
  // Kept between renders: new objects would have Chart.js update the chart on every render.
  const data = useMemo(
    () => ({
      labels: rows.map((row) => row.label),
      datasets: series.map((name, i) => ({
        label: name,
        data: rows.map((row) => Number(row[name] ?? 0)),
        backgroundColor: colors.series[i],
        hoverBackgroundColor: colors.series[i],
        stack: 'volume',
      })),
    }),
    [colors, rows, series],
  )
  const options = useMemo(() => {
    const base = baseOptions<'bar'>(colors, unit)
    return {
      ...base,
      scales: {
        x: { ...base.scales?.x, stacked: true },
        y: { ...base.scales?.y, stacked: true },
      },
      plugins: {
        ...base.plugins,
        legend: {
          display: true,
          position: 'bottom' as const,
          labels: { color: colors.text, font: colors.font, boxWidth: 12 },
        },
      },
    }
  }, [colors, unit])
  return (
    <div className="relative h-[260px]">
      <Bar aria-hidden data={data} options={options} />
    </div>
  )
}
