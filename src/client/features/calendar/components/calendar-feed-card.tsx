import { useQuery } from '@tanstack/react-query'
import { CalendarPlus, Check, Copy } from 'lucide-react'
import { useId, useRef, useState } from 'react'
import type { CalendarFeedAddress } from '#shared/schemas/calendar.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Card, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from '#client/components/ui/dialog.tsx'
import { Field } from '#client/components/ui/field.tsx'
import { Input } from '#client/components/ui/input.tsx'
import { LoadError } from '#client/components/feedback/load-error.tsx'
import { notify } from '#client/lib/notify.ts'
import { calendarQueries, useCreateCalendarFeed, useRevokeCalendarFeed } from '../api/calendar-queries.ts'
import { calendarText } from '../calendar-text.ts'

/**
 * The account page's calendar feed: turn it on, copy its address or open it as a webcal://
 * subscription, make a new address, turn it off. The address is shown only in the answer that
 * made it (the server keeps its hash alone), so after a reload the card offers a new one.
 */
export function CalendarFeedCard({ role }: { role: 'coach' | 'client' }) {
  const status = useQuery(calendarQueries.status())
  const create = useCreateCalendarFeed()
  const revoke = useRevokeCalendarFeed()
  const [address, setAddress] = useState<CalendarFeedAddress | null>(null)
  const makeAddress = () => create.mutate(undefined, { onSuccess: setAddress })
  const titleId = useId()

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>{calendarText.title}</CardTitle>
        <CardDescription>{calendarText.description(role)}</CardDescription>
      </CardHeader>
      {status.isPending ? (
        <p className="text-sm text-muted-foreground">Loading…</p>
      ) : status.isError ? (
        <LoadError error={status.error} what="calendar feed" />
      ) : !status.data.enabled ? (
        <Button className="self-start" disabled={create.isPending} onClick={makeAddress}>
          <CalendarPlus aria-hidden /> {create.isPending ? calendarText.turningOn : calendarText.turnOn}
        </Button>
      ) : (
        <>
          {address ? (
            <FeedAddress address={address} />
          ) : (
            <p className="text-sm">
              {calendarText.onSince(
                status.data.createdAt &&
                  new Date(status.data.createdAt).toLocaleDateString(undefined, {
                    day: 'numeric',
                    month: 'long',
                    year: 'numeric',
                  }),
              )}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <Confirm
              trigger={calendarText.newAddress}
              title={calendarText.newAddressTitle}
              text={calendarText.newAddressText}
              confirm={calendarText.newAddressConfirm}
              busy={create.isPending}
              onConfirm={(close) => create.mutate(undefined, { onSuccess: (made) => (setAddress(made), close()) })}
            />
            <Confirm
              trigger={calendarText.turnOff}
              title={calendarText.turnOffTitle}
              text={calendarText.turnOffText}
              confirm={calendarText.turnOffConfirm}
              destructive
              busy={revoke.isPending}
              onConfirm={(close) =>
                revoke.mutate(undefined, {
                  onSuccess: () => {
                    setAddress(null)
                    close()
                    notify.success(calendarText.turnedOff)
                  },
                })
              }
            />
          </div>
        </>
      )}
    </Card>
  )
}

function FeedAddress({ address }: { address: CalendarFeedAddress }) {
  const input = useRef<HTMLInputElement>(null)
  const [copied, setCopied] = useState(false)
  async function copy() {
    try {
      await navigator.clipboard.writeText(address.url)
      setCopied(true)
      notify.success(calendarText.copied)
      setTimeout(() => setCopied(false), 2000)
    } catch {
      // No clipboard (an insecure origin, a refused permission): the address is selected to copy by hand.
      input.current?.select()
    }
  }
  return (
    <div className="flex flex-col gap-3">
      <Field label={calendarText.addressLabel} hint={calendarText.addressHint}>
        {(control) => (
          <Input
            {...control}
            ref={input}
            readOnly
            value={address.url}
            className="font-mono text-xs"
            onFocus={(e) => e.currentTarget.select()}
          />
        )}
      </Field>
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="outline" size="sm" onClick={() => void copy()}>
          {copied ? <Check aria-hidden /> : <Copy aria-hidden />} {calendarText.copy}
        </Button>
        <Button variant="outline" size="sm" asChild>
          <a href={address.webcalUrl}>
            <CalendarPlus aria-hidden /> {calendarText.subscribe}
          </a>
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">{calendarText.googleHint}</p>
    </div>
  )
}

type ConfirmProps = {
  trigger: string
  title: string
  text: string
  confirm: string
  destructive?: boolean
  busy: boolean
  onConfirm: (close: () => void) => void
}

function Confirm({ trigger, title, text, confirm, destructive = false, busy, onConfirm }: ConfirmProps) {
  const [open, setOpen] = useState(false)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant={destructive ? 'outline' : 'secondary'}>{trigger}</Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{text}</DialogDescription>
        <div className="flex justify-end gap-2">
          <DialogClose asChild>
            <Button variant="outline">{calendarText.cancel}</Button>
          </DialogClose>
          <Button
            variant={destructive ? 'destructive' : 'default'}
            disabled={busy}
            onClick={() => onConfirm(() => setOpen(false))}
          >
            {busy ? calendarText.working : confirm}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  )
}
