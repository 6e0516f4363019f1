import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartOptions,
  type ChartType,
} from 'chart.js'
import { useMemo, useSyncExternalStore } from 'react'
import { currentTheme, subscribeTheme } from '#client/lib/theme.ts'

// The parts of Chart.js the progress charts draw with; the rest stays out of the bundle.
Chart.register(
  BarController,
  BarElement,
  CategoryScale,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  Legend,
)

/**
 * A colour of the page's theme (a CSS colour or `var(--token)`) as the canvas draws it: the
 * browser resolves it on an element, and one painted pixel turns it into plain rgba, which every
 * browser's canvas and Chart.js's own colour maths read.
 */
function resolveColor(css: string): string {
  const probe = document.createElement('span')
  probe.style.color = css
  probe.hidden = true
  document.body.append(probe)
  const computed = getComputedStyle(probe).color
  probe.remove()
  const pixel = document.createElement('canvas').getContext('2d', { willReadFrequently: true })
  if (!pixel) return computed
  pixel.fillStyle = computed
  pixel.fillRect(0, 0, 1, 1)
  const [r, g, b, a] = pixel.getImageData(0, 0, 1, 1).data
  return `rgba(${r}, ${g}, ${b}, ${((a ?? 255) / 255).toFixed(3)})`
}

export type ChartColors = {
  /** The theme's colours the charts use, and `series`: those asked for, in order. */
  text: string
  grid: string
  card: string
  cardText: string
  series: string[]
  /** The page's font, which the canvas does not inherit. */
  font: { size: number; family: string }
}

/** The chart's colours in the theme the page shows now, drawn again when the visitor switches it. */
export function useChartColors(series: readonly string[]): ChartColors {
  const theme = useSyncExternalStore(subscribeTheme, currentTheme, () => 'light' as const)
  const key = series.join('|')
  return useMemo(
    () => ({
      text: resolveColor('var(--muted-foreground)'),
      grid: resolveColor('var(--border)'),
      card: resolveColor('var(--card)'),
      cardText: resolveColor('var(--card-foreground)'),
      series: key.split('|').map(resolveColor),
      font: { size: 12, family: getComputedStyle(document.body).fontFamily },
    }),
    // The theme is what the resolved colours depend on, through the page's variables.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [theme, key],
  )
}

/**
 * What both charts share: drawn at once (no animation), filling their box, the value axis with
 * whole numbers and dashed lines across, the time axis with its labels thinned to fit, and a
 * tooltip in the card's colours that gives the value with its unit, for the point or bar under the
 * finger's column anywhere in the chart (a phone's tap seldom lands on a 3 px dot).
 */
export function baseOptions<T extends ChartType>(
  colors: ChartColors,
  unit: string,
  y: { min?: number; max?: number } = {},
): ChartOptions<T> {
  const { font } = colors
  return {
    animation: false,
    interaction: { mode: 'index', intersect: false },
    responsive: true,
    maintainAspectRatio: false,
    layout: { padding: { top: 8, right: 12 } },
    scales: {
      x: {
        grid: { display: false },
        border: { color: colors.grid },
        ticks: { color: colors.text, font, maxRotation: 0, autoSkipPadding: 12 },
      },
      y: {
        ...y,
        grid: { color: colors.grid, drawTicks: false },
        border: { display: false, dash: [3, 3] },
        ticks: { color: colors.text, font, precision: 0 },
      },
    },
    plugins: {
      legend: { display: false },
      tooltip: {
        backgroundColor: colors.card,
        titleColor: colors.cardText,
        bodyColor: colors.cardText,
        borderColor: colors.grid,
        borderWidth: 1,
        titleFont: font,
        bodyFont: font,
        callbacks: {
          label: (item: { dataset: { label?: string }; formattedValue: string }) =>
            `${item.dataset.label ? `${item.dataset.label}: ` : ''}${item.formattedValue} ${unit}`,
        },
      },
    },
  } as ChartOptions<T>
}
