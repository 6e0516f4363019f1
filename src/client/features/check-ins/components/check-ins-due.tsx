import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { paths } from '#shared/paths.ts'
import { Button } from '#client/components/ui/button.tsx'
import { checkInQueries } from '../api/check-in-queries.ts'
import { useWaitingCheckIns } from '../api/check-in-sending.ts'
import { checkInsText } from '../check-ins-text.ts'
import { dayText } from './check-in-view.tsx'

/** The check-ins the client has to fill in now (none sent from this device yet), each one tap from here. */
export function CheckInsDue({ userId }: { userId: string }) {
  const open = useQuery(checkInQueries.open())
  const waiting = useWaitingCheckIns(userId)
  // One the server refused is due again: it can be filled in anew.
  const sent = new Set(waiting.filter((w) => !w.refused).map((w) => `${w.payload.scheduleId}:${w.payload.dueOn}`))
  const due = open.data?.open.filter((o) => !sent.has(`${o.scheduleId}:${o.dueOn}`)) ?? []
  if (due.length === 0) return null
  return (
    <section
      aria-label={checkInsText.due}
      className="flex flex-col gap-2 rounded-xl border border-primary/40 bg-card p-4"
    >
      <h2 className="text-sm font-semibold">{checkInsText.due}</h2>
      <ul className="flex flex-col gap-2">
        {due.map((o) => (
          <li key={o.scheduleId} className="flex flex-wrap items-center gap-3">
            <div className="min-w-0 flex-1">
              <p className="font-medium break-words">{o.name}</p>
              <p className={o.late ? 'text-sm text-destructive' : 'text-sm text-muted-foreground'}>
                {o.late ? checkInsText.dueLate(dayText(o.dueOn)) : checkInsText.dueToday}
              </p>
            </div>
            <Button asChild>
              <Link to={paths.client.checkIn.getHref(o.scheduleId)} aria-label={checkInsText.fillNamed(o.name)}>
                {checkInsText.fill}
              </Link>
            </Button>
          </li>
        ))}
      </ul>
    </section>
  )
}
