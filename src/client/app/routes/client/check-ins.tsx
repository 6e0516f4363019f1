import { useInfiniteQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { LoadError } from '#client/components/feedback/load-error.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { removeQueued } from '#client/lib/offline-queue/queue.ts'
import { useAuth } from '#client/features/auth/auth-context.tsx'
import { checkInQueries } from '#client/features/check-ins/api/check-in-queries.ts'
import { useWaitingCheckIns } from '#client/features/check-ins/api/check-in-sending.ts'
import { checkInsText } from '#client/features/check-ins/check-ins-text.ts'
import { CheckInsDue } from '#client/features/check-ins/components/check-ins-due.tsx'
import { CheckInView, dayText } from '#client/features/check-ins/components/check-in-view.tsx'

/** /check-ins: what the client has to fill in, and the check-ins they sent with their coach's comments. */
export function CheckInsPage() {
  const auth = useAuth()
  const userId = auth.status === 'authenticated' ? auth.user.id : ''
  const list = useInfiniteQuery(checkInQueries.list())
  const waiting = useWaitingCheckIns(userId)
  const checkIns = useMemo(() => list.data?.pages.flatMap((p) => p.checkIns) ?? [], [list.data])
  if (auth.status !== 'authenticated') return null
  return (
    <section className="mx-auto flex w-full max-w-2xl flex-col gap-5">
      <h1 className="text-2xl font-semibold tracking-tight">{checkInsText.heading}</h1>
      <CheckInsDue userId={userId} />
      {waiting.length > 0 && (
        <ul aria-label={checkInsText.waiting} className="flex flex-col gap-2">
          {waiting.map((w) => (
            <li key={w.id} className="rounded-xl border bg-card p-3 text-sm">
              {dayText(w.payload.dueOn)} ·{' '}
              {w.refused ? (
                <>
                  <span role="alert" className="text-destructive">
                    {checkInsText.notSaved}: {w.refused.message}
                  </span>{' '}
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => void removeQueued(userId, 'check-in', `${w.payload.scheduleId}:${w.payload.dueOn}`)}
                  >
                    Remove
                  </Button>
                </>
              ) : (
                checkInsText.waiting
              )}
            </li>
          ))}
        </ul>
      )}
      <section aria-label={checkInsText.yours} className="flex flex-col gap-3">
        <h2 className="font-semibold">{checkInsText.yours}</h2>
        {list.isPending ? (
          <p className="text-muted-foreground">Loading…</p>
        ) : list.isError ? (
          <LoadError error={list.error} what="check-ins" />
        ) : checkIns.length === 0 ? (
          <p className="text-sm text-muted-foreground">{checkInsText.noCheckIns}</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {checkIns.map((checkIn) => (
              <li key={checkIn.id} className="rounded-xl border bg-card p-4">
                <CheckInView checkIn={checkIn} unit={auth.profile.unit} />
              </li>
            ))}
          </ul>
        )}
        {list.hasNextPage && (
          <Button
            variant="outline"
            className="self-start"
            onClick={() => void list.fetchNextPage()}
            disabled={list.isFetchingNextPage}
          >
            {checkInsText.olderCheckIns}
          </Button>
        )}
      </section>
    </section>
  )
}
