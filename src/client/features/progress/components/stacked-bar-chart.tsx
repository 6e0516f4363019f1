import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'

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

const axisTick = { fill: 'var(--muted-foreground)', fontSize: 12 }

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
  return (
    <ResponsiveContainer width="100%" height={260}>
      <BarChart data={rows} accessibilityLayer={false} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
        <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tick={axisTick} tickLine={false} axisLine={{ stroke: 'var(--border)' }} minTickGap={8} />
        <YAxis tick={axisTick} tickLine={false} axisLine={false} width={48} allowDecimals={false} />
        <Tooltip
          formatter={(value, name) => [`${String(value)} ${unit}`, String(name)]}
          cursor={{ fill: 'var(--muted)' }}
          contentStyle={{
            background: 'var(--card)',
            border: '1px solid var(--border)',
            borderRadius: 8,
            color: 'var(--card-foreground)',
          }}
        />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        {series.map((name, i) => (
          <Bar
            key={name}
            dataKey={name}
            stackId="volume"
            fill={name === 'Other' ? OTHER_COLOR : SERIES_COLORS[i % SERIES_COLORS.length]}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </ResponsiveContainer>
  )
}
