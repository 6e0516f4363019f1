import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate, useParams } from 'react-router'
import { paths } from '#shared/paths.ts'
import { LoadError } from '#client/components/feedback/load-error.tsx'
import { useAuth } from '#client/features/auth/auth-context.tsx'
import { checkInQueries } from '#client/features/check-ins/api/check-in-queries.ts'
import { checkInsText } from '#client/features/check-ins/check-ins-text.ts'
import { CheckInFill } from '#client/features/check-ins/components/check-in-fill.tsx'
import { dayText } from '#client/features/check-ins/components/check-in-view.tsx'
import { notify } from '#client/lib/notify.ts'

/** /check-ins/{scheduleId}: the client fills in the check-in open on that schedule. */
export function CheckInPage() {
  const { scheduleId = '' } = useParams()
  const auth = useAuth()
  const navigate = useNavigate()
  const open = useQuery(checkInQueries.open())
  if (auth.status !== 'authenticated') return null
  const item = open.data?.open.find((o) => o.scheduleId === scheduleId)
  return (
    <section className="mx-auto flex w-full max-w-2xl flex-col gap-4">
      {open.isPending ? (
        <p className="text-muted-foreground">Loading…</p>
      ) : open.isError ? (
        <LoadError error={open.error} what="check-in" />
      ) : !item ? (
        <>
          <h1 className="text-2xl font-semibold tracking-tight">{checkInsText.heading}</h1>
          <p>
            {checkInsText.notOpen}{' '}
            <Link to={paths.client.checkIns.getHref()} className="underline">
              {checkInsText.yours}
            </Link>
          </p>
        </>
      ) : (
        <>
          <div>
            <h1 className="text-2xl font-semibold tracking-tight break-words">{item.name}</h1>
            <p className={item.late ? 'text-sm text-destructive' : 'text-sm text-muted-foreground'}>
              {item.late ? checkInsText.dueLate(dayText(item.dueOn)) : checkInsText.dueToday}
            </p>
          </div>
          <CheckInFill
            open={item}
            userId={auth.user.id}
            unit={auth.profile.unit}
            onSent={() => {
              notify.success({ title: checkInsText.submitted })
              void navigate(paths.client.checkIns.getHref())
            }}
          />
        </>
      )}
    </section>
  )
}
