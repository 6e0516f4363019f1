import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { ChevronDown, ChevronRight } from 'lucide-react'
import { useMemo, useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { paths } from '#shared/paths.ts'
import { EVERY_DAYS_MAX, EVERY_DAYS_MIN, type CheckIn } from '#shared/schemas/check-ins.ts'
import type { Unit } from '#shared/units.ts'
import { LoadError } from '#client/components/feedback/load-error.tsx'
import { Badge } from '#client/components/ui/badge.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Field } from '#client/components/ui/field.tsx'
import { Input, NativeSelect } from '#client/components/ui/input.tsx'
import { localToday } from '#client/lib/dates.ts'
import { notify } from '#client/lib/notify.ts'
import { checkInQueries, useAddSchedule, useEndSchedule } from '../api/check-in-queries.ts'
import { WEEKDAYS, checkInsText } from '../check-ins-text.ts'
import { CheckInView, dayText } from './check-in-view.tsx'

/** A coach's view of a client's check-ins: the schedules that send them, and each one in, opened with its trend. */
export function ClientCheckIns({ clientId, unit }: { clientId: string; unit: Unit }) {
  const schedules = useQuery(checkInQueries.schedules(clientId))
  const end = useEndSchedule()
  const list = useInfiniteQuery(checkInQueries.list(clientId))
  const checkIns = useMemo(() => list.data?.pages.flatMap((p) => p.checkIns) ?? [], [list.data])
  const [opened, setOpened] = useState<string | null>(null)
  return (
    <div className="flex flex-col gap-5">
      <section aria-label={checkInsText.schedules} className="flex flex-col gap-3 rounded-xl border bg-card p-4">
        <h2 className="font-semibold">{checkInsText.schedules}</h2>
        {schedules.isError ? (
          <LoadError error={schedules.error} what="schedules" />
        ) : schedules.data?.length === 0 ? (
          <p className="text-sm text-muted-foreground">{checkInsText.noSchedules}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {schedules.data?.map((s) => (
              <li
                key={s.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded-lg border p-3 text-sm"
              >
                <div className="min-w-0">
                  <p className="font-medium break-words">{s.formName}</p>
                  <p className="text-muted-foreground">
                    {checkInsText.cadenceText(s)} ·{' '}
                    {s.open && !s.open.submitted
                      ? `${checkInsText.dueOn(dayText(s.open.dueOn))}${s.open.late ? ` (${checkInsText.late.toLowerCase()})` : ''}`
                      : checkInsText.nextOn(dayText(s.nextDueOn))}
                  </p>
                </div>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={checkInsText.stop(s.formName)}
                  disabled={end.isPending}
                  onClick={() => end.mutate(s.id)}
                >
                  Stop
                </Button>
              </li>
            ))}
          </ul>
        )}
        <ScheduleForm clientId={clientId} />
      </section>

      <section aria-label={checkInsText.heading} className="flex flex-col gap-3">
        <h2 className="font-semibold">{checkInsText.heading}</h2>
        {list.isPending ? (
          <p className="text-muted-foreground">Loading…</p>
        ) : list.isError ? (
          <LoadError error={list.error} what="check-ins" />
        ) : checkIns.length === 0 ? (
          <p className="text-sm text-muted-foreground">{checkInsText.noCheckIns}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {checkIns.map((checkIn) => (
              <li key={checkIn.id} className="rounded-xl border bg-card">
                <button
                  type="button"
                  aria-expanded={opened === checkIn.id}
                  onClick={() => setOpened((o) => (o === checkIn.id ? null : checkIn.id))}
                  className="flex w-full items-center gap-2 p-3 text-left"
                >
                  {opened === checkIn.id ? (
                    <ChevronDown aria-hidden className="size-4" />
                  ) : (
                    <ChevronRight aria-hidden className="size-4" />
                  )}
                  <span className="font-medium">{checkIn.name}</span>
                  <span className="text-sm text-muted-foreground">{dayText(checkIn.dueOn)}</span>
                  {checkIn.late && <Badge variant="outline">{checkInsText.late}</Badge>}
                  {checkIn.comments.length > 0 && (
                    <span className="ml-auto text-xs text-muted-foreground">
                      {checkIn.comments.length} comment{checkIn.comments.length === 1 ? '' : 's'}
                    </span>
                  )}
                </button>
                {opened === checkIn.id && (
                  <div className="border-t p-3">
                    <OpenedCheckIn checkIn={checkIn} unit={unit} />
                  </div>
                )}
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
    </div>
  )
}

/** A check-in opened on the coach's page: read again with the earlier answers of its schedule. */
function OpenedCheckIn({ checkIn, unit }: { checkIn: CheckIn; unit: Unit }) {
  const detail = useQuery(checkInQueries.detail(checkIn.id))
  return <CheckInView checkIn={detail.data?.checkIn ?? checkIn} earlier={detail.data?.earlier} unit={unit} />
}

/** Sends one of the coach's forms to the client: weekly on a weekday, or every few days, from a day. */
function ScheduleForm({ clientId }: { clientId: string }) {
  const forms = useQuery(checkInQueries.forms())
  const add = useAddSchedule()
  const today = localToday()
  const todayWeekday = ((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7) + 1
  const [formId, setFormId] = useState('')
  const [cadence, setCadence] = useState<'weekly' | 'every'>('weekly')
  const [weekday, setWeekday] = useState(todayWeekday)
  const [everyDays, setEveryDays] = useState('7')
  const [startsOn, setStartsOn] = useState(today)
  if (forms.data?.length === 0)
    return (
      <p className="text-sm text-muted-foreground">
        Write a form first on{' '}
        <Link to={paths.coach.checkInForms.getHref()} className="underline">
          Check-in forms
        </Link>
        .
      </p>
    )
  const chosen = formId || forms.data?.[0]?.id || ''
  function submit(event: FormEvent) {
    event.preventDefault()
    if (!chosen) return
    add.mutate(
      {
        clientId,
        formId: chosen,
        cadence,
        ...(cadence === 'weekly' ? { weekday } : { everyDays: Number(everyDays) }),
        startsOn,
      },
      { onSuccess: () => notify.success({ title: checkInsText.scheduled }) },
    )
  }
  return (
    <form onSubmit={submit} aria-label={checkInsText.sendForm} className="flex flex-col gap-3 border-t pt-3">
      <h3 className="text-sm font-semibold">{checkInsText.sendForm}</h3>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label={checkInsText.form}>
          {(control) => (
            <NativeSelect {...control} value={chosen} onChange={(e) => setFormId(e.target.value)}>
              {forms.data?.map((f) => (
                <option key={f.id} value={f.id}>
                  {f.name}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field label={checkInsText.cadence}>
          {(control) => (
            <NativeSelect
              {...control}
              value={cadence}
              onChange={(e) => setCadence(e.target.value as 'weekly' | 'every')}
            >
              <option value="weekly">{checkInsText.weekly}</option>
              <option value="every">{checkInsText.every}</option>
            </NativeSelect>
          )}
        </Field>
        {cadence === 'weekly' ? (
          <Field label={checkInsText.weekday}>
            {(control) => (
              <NativeSelect {...control} value={weekday} onChange={(e) => setWeekday(Number(e.target.value))}>
                {WEEKDAYS.map((day, i) => (
                  <option key={day} value={i + 1}>
                    {day}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
        ) : (
          <Field label={checkInsText.everyDays}>
            {(control) => (
              <Input
                {...control}
                type="number"
                min={EVERY_DAYS_MIN}
                max={EVERY_DAYS_MAX}
                value={everyDays}
                onChange={(e) => setEveryDays(e.target.value)}
              />
            )}
          </Field>
        )}
        <Field label={checkInsText.startsOn}>
          {(control) => (
            <Input
              {...control}
              type="date"
              min={today}
              value={startsOn}
              onChange={(e) => setStartsOn(e.target.value || today)}
            />
          )}
        </Field>
      </div>
      <Button type="submit" className="self-start" disabled={add.isPending || !chosen}>
        {checkInsText.schedule}
      </Button>
    </form>
  )
}
