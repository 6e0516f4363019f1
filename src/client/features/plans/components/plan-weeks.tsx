import { useEffect, useRef, type CSSProperties, type ReactNode } from 'react'

type Shape = { weeks: number; daysPerWeek: number; deloadWeeks: number[] }

type Props = {
  plan: Shape
  /** One day: an `<li>` of the week's grid. */
  renderDay: (week: number, day: number, deload: boolean) => ReactNode
  /** The week's heading row; by default its name and a Deload mark. */
  renderHeader?: (week: number, deload: boolean) => ReactNode
  /** The week section's accessible name; by default 'Week 3' or 'Week 4 (deload)'. */
  weekLabel?: (week: number, deload: boolean) => string
  /** The week to show first: the page opens scrolled to it (the current week of a running plan). */
  openAt?: number | null
}

const planWeekNumbers = (count: number) => Array.from({ length: count }, (_, i) => i + 1)

export function DeloadMark() {
  return <span className="rounded-full bg-accent px-2 py-0.5 text-xs font-normal text-accent-foreground">Deload</span>
}

/** A plan as weeks of days: the builder's grid, the plan overview and the lifter's calendar. */
export function PlanWeeks({ plan, renderDay, renderHeader, weekLabel, openAt }: Props) {
  const days = planWeekNumbers(plan.daysPerWeek)
  const opening = useRef<HTMLElement>(null)
  // Once, when the week is known: later changes (a set logged elsewhere) leave the reader where they are.
  const scrolled = useRef(false)
  useEffect(() => {
    if (scrolled.current || openAt == null) return
    scrolled.current = true
    opening.current?.scrollIntoView({ block: 'start' })
  }, [openAt])
  return planWeekNumbers(plan.weeks).map((week) => {
    const deload = plan.deloadWeeks.includes(week)
    return (
      <section
        key={week}
        ref={week === openAt && week > 1 ? opening : undefined}
        aria-label={weekLabel ? weekLabel(week, deload) : `Week ${week}${deload ? ' (deload)' : ''}`}
        className="flex scroll-mt-4 flex-col gap-2"
      >
        {renderHeader ? (
          renderHeader(week, deload)
        ) : (
          <h2 className="flex items-center gap-2 text-sm font-semibold">
            Week {week} {deload && <DeloadMark />}
          </h2>
        )}
        <ol
          className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-[repeat(var(--days),minmax(0,1fr))]"
          style={{ '--days': plan.daysPerWeek } as CSSProperties}
        >
          {days.map((day) => renderDay(week, day, deload))}
        </ol>
      </section>
    )
  })
}
