import { Link } from 'react-router'
import { paths } from '#shared/paths.ts'
import { Button } from '#client/components/ui/button.tsx'
import { useAuth } from '#client/features/auth/auth-context.tsx'
import { PlanWeeks } from '#client/features/plans/components/plan-weeks.tsx'
import { trainsText } from '#client/features/plans/plan-dates.ts'
import { PlanDayTile } from '#client/features/sessions/components/plan-day-tile.tsx'
import { OfflineNote } from '#client/features/sessions/components/offline-note.tsx'
import { OwnPlanNote } from '#client/features/sessions/components/own-plan-note.tsx'
import { useActivePlan } from '#client/features/sessions/use-active-plan.ts'
import { sessionText } from '#client/features/sessions/session-text.ts'
import { useOnline } from '#client/lib/online.ts'

/** /mesocycle: the active plan as a calendar: weeks x days with real dates and what became of each. */
export function MesocyclePage() {
  const auth = useAuth()
  const { isPending, unreachable, plan, alsoOwn, sessions, today } = useActivePlan(
    auth.status === 'authenticated' ? auth.user.id : '',
  )
  const online = useOnline()
  if (isPending) return <p className="text-muted-foreground">Loading…</p>
  if (unreachable) {
    return (
      <section className="flex flex-col items-start gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">Calendar</h1>
        {online ? (
          <p role="status">{sessionText.planUnreachable}</p>
        ) : (
          <OfflineNote>{sessionText.offlineNoCopy}</OfflineNote>
        )}
      </section>
    )
  }
  if (!plan?.startDate) {
    return (
      <section className="flex flex-col items-start gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">Calendar</h1>
        <p className="text-muted-foreground">No active plan yet. Your coach’s invite brings one, or build your own.</p>
        <Button asChild>
          <Link to={paths.client.programNew.getHref()}>Build a plan</Link>
        </Button>
      </section>
    )
  }
  const done = sessions.filter((s) => s.status === 'completed' && s.week !== null).length
  const planned = plan.workouts.length
  const trains = trainsText(plan.trainingDays)
  return (
    <section className="flex flex-col gap-5">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Calendar</h1>
        <p className="text-sm text-muted-foreground">
          {plan.name}
          {trains && ` · ${trains}`} · {done} of {planned} workouts done
        </p>
        {alsoOwn && <OwnPlanNote plan={alsoOwn} />}
      </div>
      <OfflineNote>{sessionText.offlineCopy}</OfflineNote>
      <PlanWeeks
        plan={plan}
        openAt={today?.week}
        renderDay={(week, day) => (
          <PlanDayTile
            key={day}
            plan={plan}
            sessions={sessions}
            week={week}
            day={day}
            label={(state) => `Week ${week} day ${day}: ${state}`}
            className="min-h-20 text-sm"
          />
        )}
      />
    </section>
  )
}
