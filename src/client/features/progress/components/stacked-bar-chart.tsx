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
  const options = baseOptions<'bar'>(colors, unit)
  return (
    <div className="relative h-[260px]">
      <Bar
        aria-hidden
        data={{
          labels: rows.map((row) => row.label),
          datasets: series.map((name, i) => ({
            label: name,
            data: rows.map((row) => Number(row[name] ?? 0)),
            backgroundColor: colors.series[i],
            hoverBackgroundColor: colors.series[i],
            stack: 'volume',
          })),
        }}
        options={{
          ...options,
          scales: {
            x: { ...options.scales?.x, stacked: true },
            y: { ...options.scales?.y, stacked: true },
          },
          plugins: {
            ...options.plugins,
            legend: {
              display: true,
              position: 'bottom',
              labels: { color: colors.text, font: { size: 12 }, boxWidth: 12 },
            },
            tooltip: { ...options.plugins?.tooltip, mode: 'index' },
          },
        }}
      />
    </div>
  )
}
