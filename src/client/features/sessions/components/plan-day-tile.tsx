import { Link } from 'react-router'
import type { Plan } from '#shared/schemas/plans.ts'
import type { SessionSummary } from '#shared/schemas/sessions.ts'
import { dateText, planDateText } from '#client/features/plans/plan-dates.ts'
import { cn } from '#client/lib/cn.ts'
import { localToday } from '#client/lib/dates.ts'
import { DAY_STATE_TEXT, dayHref, dayState, isMoved, trainedOn } from '../plan-progress.ts'
import { sessionText } from '../session-text.ts'

type Props = {
  plan: Plan
  sessions: SessionSummary[]
  week: number
  day: number
  /** What the tile is called, given its state ('Done', 'Missed'…). */
  label: (state: string) => string
  className?: string
}

/**
 * One planned day on /home's week and the calendar: the date it is trained on, its workout and what
 * became of it. A day with a workout opens its preview, a trained one its summary. A day moved to
 * another date shows that date and says it moved.
 */
export function PlanDayTile({ plan, sessions, week, day, label, className }: Props) {
  const state = dayState(plan, sessions, week, day, localToday())
  const workout = plan.workouts.find((w) => w.week === week && w.day === day)
  const href = dayHref(plan, sessions, week, day)
  const date = trainedOn(plan, week, day)
  const moved = isMoved(plan, week, day)
  const body = (
    <>
      <span className="text-xs text-muted-foreground">{date && dateText(date)}</span>
      {/* Two lines of the title, broken between words where it can: a phone's narrow tile still names the workout. */}
      <span className="line-clamp-2 font-medium break-words hyphens-auto">{workout?.title ?? DAY_STATE_TEXT.rest}</span>
      {/* A rest day says so once. */}
      {state !== 'rest' && (
        <span className="text-xs">
          {moved && `${sessionText.moved} · `}
          {DAY_STATE_TEXT[state]}
        </span>
      )}
    </>
  )
  const inner = 'flex h-full flex-col gap-0.5 rounded-lg p-2'
  return (
    <li
      aria-label={label(
        moved
          ? `${DAY_STATE_TEXT[state]}, ${sessionText.movedFrom(planDateText(plan, week, day) ?? '')}`
          : DAY_STATE_TEXT[state],
      )}
      className={cn(
        'rounded-lg border',
        state === 'done' && 'border-primary/40 bg-primary/10',
        state === 'missed' && 'border-destructive/40',
        state === 'today' && 'ring-2 ring-ring',
        state === 'rest' && 'bg-muted/40 text-muted-foreground',
        className,
      )}
    >
      {href ? (
        <Link to={href} className={cn(inner, 'hover:bg-muted/60')}>
          {body}
        </Link>
      ) : (
        <div className={inner}>{body}</div>
      )}
    </li>
  )
}
