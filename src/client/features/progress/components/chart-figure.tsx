import { createContext, useContext, useId, type ReactNode } from 'react'
import { ScrollRegion } from '#client/components/ui/scroll-region.tsx'

/** The level of the charts' headings: 2 on the progress page, lower inside another screen's section. */
export const ChartHeadingLevel = createContext<2 | 3 | 4>(2)

/** A heading at the level the screen around it asks for. */
export function ChartHeading({ id, children }: { id: string; children: ReactNode }) {
  const Tag = `h${useContext(ChartHeadingLevel)}` as 'h2'
  return (
    <Tag id={id} className="font-semibold">
      {children}
    </Tag>
  )
}

/**
 * A chart with its words: a heading, the chart (an image to assistive technology, named by
 * `summary`), and the same figures as a table a tap away. With nothing to show, `empty` says what
 * will appear and when instead of an empty frame.
 */
export function ChartFigure({
  title,
  summary,
  empty,
  controls,
  table,
  footer,
  children,
}: {
  title: string
  summary: string
  empty: string | null
  controls?: ReactNode
  table: ReactNode
  /** Shown with or without figures (a form that adds them). */
  footer?: ReactNode
  children: ReactNode
}) {
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 rounded-xl border bg-card p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <ChartHeading id={headingId}>{title}</ChartHeading>
        {controls}
      </div>
      {empty ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <>
          <div role="img" aria-label={summary} className="min-w-0">
            {children}
          </div>
          <details className="text-sm">
            <summary className="cursor-pointer text-muted-foreground hover:text-foreground">Show as table</summary>
            <div className="mt-2">{table}</div>
          </details>
        </>
      )}
      {footer}
    </section>
  )
}

/** A plain, readable table: header cells and rows of text, scrolling sideways (named by its caption) when too wide. */
export function DataTable({
  caption,
  head,
  rows,
}: {
  caption: string
  head: readonly string[]
  rows: readonly (readonly ReactNode[])[]
}) {
  return (
    <ScrollRegion label={caption}>
      {/* Words wrap only between them (the page's long-word rule would break 'Deadlift' mid-word); a table wider than the phone scrolls sideways. */}
      <table className="w-full text-left text-sm break-normal tabular-nums">
        <caption className="sr-only">{caption}</caption>
        <thead className="text-xs text-muted-foreground">
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className="py-1 pr-3 font-medium">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y">
          {rows.map((cells, i) => (
            <tr key={i}>
              {cells.map((cell, j) => (
                <td key={j} className="py-1 pr-3">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  )
}
