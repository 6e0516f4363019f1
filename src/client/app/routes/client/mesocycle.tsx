import { Link } from 'react-router'
import { paths } from '#shared/paths.ts'
import { Button } from '#client/components/ui/button.tsx'
import { useAuth } from '#client/features/auth/auth-context.tsx'
import { PlanWeeks } from '#client/features/plans/components/plan-weeks.tsx'
import { dateOfPlanDay, formatPlanDate } from '#client/features/plans/plan-dates.ts'
import { DAY_STATE_TEXT, dayState, sessionOfDay } from '#client/features/sessions/plan-progress.ts'
import { useActivePlan } from '#client/features/sessions/use-active-plan.ts'
import { cn } from '#client/lib/cn.ts'

/** /mesocycle: the active plan as a calendar: weeks x days with real dates and what became of each. */
export function MesocyclePage() {
  const auth = useAuth()
  const { isPending, plan, sessions, today } = useActivePlan(auth.status === 'authenticated' ? auth.user.id : '')
  if (isPending) return <p className="text-muted-foreground">Loading…</p>
  if (!plan?.startDate) {
    return (
      <section className="flex flex-col items-start gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">Calendar</h1>
        <p className="text-muted-foreground">No active plan yet. Your coach’s invite brings one, or build your own.</p>
        <Button asChild>
          <Link to={paths.client.programNew.getHref()}>Build a program</Link>
        </Button>
      </section>
    )
  }
  const start = plan.startDate
  const done = sessions.filter((s) => s.status === 'completed' && s.week !== null).length
  const planned = plan.workouts.length
  return (
    <section className="flex flex-col gap-5">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Calendar</h1>
        <p className="text-sm text-muted-foreground">
          {plan.name} · {done} of {planned} workouts done
        </p>
      </div>
      <PlanWeeks
        plan={plan}
        renderDay={(week, day) => {
          const state = dayState(plan, sessions, week, day, today)
          const workout = plan.workouts.find((w) => w.week === week && w.day === day)
          const session = sessionOfDay(sessions, week, day)
          const href = session ? paths.open.summary.getHref(session.id) : workout ? paths.client.workoutPreview.getHref(workout.id) : null
          const body = (
            <>
              <span className="text-xs text-muted-foreground">{formatPlanDate(dateOfPlanDay(start, week, day))}</span>
              <span className="truncate font-medium">{workout?.title ?? 'Rest'}</span>
              <span className="text-xs">{DAY_STATE_TEXT[state]}</span>
            </>
          )
          return (
            <li
              key={day}
              aria-label={`Week ${week} day ${day}: ${DAY_STATE_TEXT[state]}`}
              className={cn(
                'rounded-lg border text-sm',
                state === 'done' && 'border-primary/40 bg-primary/10',
                state === 'missed' && 'border-destructive/40',
                state === 'today' && 'ring-2 ring-ring',
                state === 'rest' && 'bg-muted/40 text-muted-foreground',
              )}
            >
              {href ? (
                <Link to={href} className="flex min-h-20 flex-col gap-0.5 p-2 hover:bg-muted/60">
                  {body}
                </Link>
              ) : (
                <div className="flex min-h-20 flex-col gap-0.5 p-2">{body}</div>
              )}
            </li>
          )
        }}
      />
    </section>
  )
}
