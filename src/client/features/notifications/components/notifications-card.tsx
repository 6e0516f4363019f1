import { useQuery } from '@tanstack/react-query'
import { useEffect, useState, type FormEvent } from 'react'
import {
  notificationKindsFor,
  notificationText as text,
  type NotificationSettings,
  type PushDevice,
} from '#shared/schemas/notifications.ts'
import { Badge } from '#client/components/ui/badge.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Card, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx'
import { CheckboxGroup } from '#client/components/ui/checkbox-group.tsx'
import { Field } from '#client/components/ui/field.tsx'
import { Input } from '#client/components/ui/input.tsx'
import { ApiError } from '#client/lib/api-client.ts'
import { notify } from '#client/lib/notify.ts'
import {
  notificationQueries,
  useRemoveDevice,
  useSaveNotificationSettings,
  useSubscribeDevice,
  useTestDevice,
  useUpdateDeviceKinds,
} from '../api/notification-queries.ts'
import { currentEndpointHash, endpointHash, pushSupport, subscribeThisBrowser } from '../push-subscription.ts'

const day = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' })

/** The account page's push notifications: this device on or off, each device's kinds, a test, quiet hours (docs/notifications.md). */
export function NotificationsCard({ role }: { role: 'coach' | 'client' }) {
  const setup = useQuery(notificationQueries.setup())
  const [hereHash, setHereHash] = useState<string | null>(null)
  const [turningOn, setTurningOn] = useState(false)
  const subscribe = useSubscribeDevice()
  const support = pushSupport()

  useEffect(() => {
    void currentEndpointHash().then(setHereHash)
  }, [setup.data])

  const here = setup.data?.devices.some((device) => device.endpointHash === hereHash)
  const status = here
    ? text.onHere
    : support === 'unsupported'
      ? text.unsupported
      : support === 'denied'
        ? text.blocked
        : text.offHere

  async function turnOn() {
    if (!setup.data) return
    setTurningOn(true)
    try {
      const subscription = await subscribeThisBrowser(setup.data.publicKey)
      await subscribe.mutateAsync(subscription)
      setHereHash(await endpointHash(subscription.endpoint))
    } catch (error) {
      if (!(error instanceof ApiError))
        notify.error({ title: text.turnOnFailed, description: error instanceof Error ? error.message : undefined })
    } finally {
      setTurningOn(false)
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{text.title}</CardTitle>
        <CardDescription>{text.description}</CardDescription>
      </CardHeader>
      <p className="text-sm" role="status">
        {status}
      </p>
      {!here && support !== 'unsupported' && support !== 'denied' && (
        <Button className="self-start" onClick={() => void turnOn()} disabled={!setup.data || turningOn}>
          {turningOn ? text.turningOn : text.turnOn}
        </Button>
      )}
      {setup.isError && <p role="alert">{text.loadFailed}</p>}
      {setup.data && setup.data.devices.length > 0 && (
        <ul aria-label={text.devices} className="divide-y rounded-lg border">
          {setup.data.devices.map((device) => (
            <DeviceItem key={device.id} device={device} isHere={device.endpointHash === hereHash} role={role} />
          ))}
        </ul>
      )}
      {setup.data && <SettingsForm initial={setup.data.settings} role={role} />}
    </Card>
  )
}

function DeviceItem({ device, isHere, role }: { device: PushDevice; isHere: boolean; role: 'coach' | 'client' }) {
  const updateKinds = useUpdateDeviceKinds()
  const remove = useRemoveDevice()
  const test = useTestDevice()
  const name = device.label || text.unnamedDevice
  const shown = notificationKindsFor(role)
  // Shown at once; the server's answer follows (and puts back what it refused).
  const [kinds, setKinds] = useState(device.kinds)
  const [stored, setStored] = useState(device.kinds)
  if (stored !== device.kinds) {
    setStored(device.kinds)
    setKinds(device.kinds)
  }
  return (
    <li aria-label={name} className="flex flex-col gap-3 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          {name}
          {isHere && <Badge variant="outline">{text.thisDevice}</Badge>}
        </p>
        <p className="text-sm text-muted-foreground">
          {device.lastSentAt ? text.lastSent(day(device.lastSentAt)) : text.neverSent}
        </p>
      </div>
      {device.lastError && <p className="text-sm text-destructive">{device.lastError}</p>}
      <CheckboxGroup
        legend={text.kindsLegend(name)}
        options={shown}
        value={kinds.filter((kind) => shown.includes(kind))}
        labelOf={(kind) => text.kinds[kind]}
        onChange={(next) => {
          // The kinds this person's role never gets stay as they were.
          const all = [...kinds.filter((kind) => !shown.includes(kind)), ...next]
          setKinds(all)
          updateKinds.mutate({ id: device.id, kinds: all }, { onError: () => setKinds(device.kinds) })
        }}
      />
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="outline"
          aria-label={text.testTo(name)}
          disabled={test.isPending}
          onClick={() =>
            test.mutate(device.id, {
              onSuccess: (result) =>
                result.delivered
                  ? notify.success({ title: text.testSent })
                  : notify.error({ title: text.testFailed, description: result.error ?? undefined }),
            })
          }
        >
          {text.test}
        </Button>
        <Button
          size="sm"
          variant="outline"
          aria-label={text.removeDevice(name)}
          disabled={remove.isPending}
          onClick={() => remove.mutate(device.id, { onSuccess: () => notify.success({ title: text.removed }) })}
        >
          {text.remove}
        </Button>
      </div>
    </li>
  )
}

function SettingsForm({ initial, role }: { initial: NotificationSettings; role: 'coach' | 'client' }) {
  const [quiet, setQuiet] = useState(initial.quietHours !== null)
  const [from, setFrom] = useState(initial.quietHours?.start ?? '22:00')
  const [until, setUntil] = useState(initial.quietHours?.end ?? '07:00')
  const [reminder, setReminder] = useState(initial.workoutReminder ?? '')
  const save = useSaveNotificationSettings()
  const fields = save.error instanceof ApiError ? save.error.fields : undefined

  function handleSubmit(event: FormEvent) {
    event.preventDefault()
    save.mutate(
      { quietHours: quiet ? { start: from, end: until } : null, workoutReminder: reminder || null },
      { onSuccess: () => notify.success({ title: text.saved }) },
    )
  }

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={text.settingsTitle} className="flex flex-col gap-4">
      <h3 className="text-base font-semibold">{text.settingsTitle}</h3>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-4 accent-[var(--primary)]"
          checked={quiet}
          onChange={(e) => setQuiet(e.target.checked)}
        />
        {text.quietHours}
      </label>
      {quiet && (
        <div className="flex flex-wrap gap-4">
          <Field label={text.quietFrom} error={fields?.['quietHours.start']?.[0]}>
            {(control) => <Input {...control} type="time" value={from} onChange={(e) => setFrom(e.target.value)} />}
          </Field>
          <Field label={text.quietUntil} error={fields?.['quietHours.end']?.[0]} hint={text.quietHoursHint}>
            {(control) => <Input {...control} type="time" value={until} onChange={(e) => setUntil(e.target.value)} />}
          </Field>
        </div>
      )}
      {role === 'client' && (
        <Field label={text.reminder} hint={text.reminderHint} error={fields?.workoutReminder?.[0]}>
          {(control) => (
            <Input {...control} type="time" value={reminder} onChange={(e) => setReminder(e.target.value)} />
          )}
        </Field>
      )}
      <Button type="submit" className="self-start" disabled={save.isPending}>
        {text.save}
      </Button>
    </form>
  )
}
