import { useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { fieldErrorsOf, type FieldErrors } from '#shared/errors.ts'
import { CreateInviteBody, inviteApiText, type Invite } from '#shared/schemas/invites.ts'
import type { PlanSummary } from '#shared/schemas/plans.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Card, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx'
import { Field } from '#client/components/ui/field.tsx'
import { Input, NativeSelect } from '#client/components/ui/input.tsx'
import { ApiError } from '#client/lib/api-client.ts'
import { notify } from '#client/lib/notify.ts'
import { useCreateInvite } from '../api/invite-mutations.ts'
import { inviteQueries } from '../api/invite-queries.ts'
import { CopyLinkButton } from './copy-link-button.tsx'

type Props = {
  /** The coach's plans an invite can start a client on (their own, not assigned, not archived). */
  plans: PlanSummary[] | undefined
}

/** Invite a client by email into one of the coach's plans; the link is emailed and can be copied. */
export function InviteForm({ plans }: Props) {
  const create = useCreateInvite()
  const [email, setEmail] = useState('')
  const [planId, setPlanId] = useState('')
  const [errors, setErrors] = useState<FieldErrors>({})
  const [sent, setSent] = useState<Invite | null>(null)
  const invites = useQuery(inviteQueries.list())

  function handleSubmit(event: FormEvent) {
    event.preventDefault()
    const parsed = CreateInviteBody.safeParse({ email, planId })
    if (!parsed.success) return setErrors(fieldErrorsOf(parsed.error.issues))
    setErrors({})
    create.mutate(parsed.data, {
      onSuccess: (invite) => {
        notify.success({
          title: inviteApiText.sent,
          description: `${invite.email} can join ${invite.planName} within 7 days.`,
        })
        setSent(invite)
        setEmail('')
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fields) setErrors(error.fields)
      },
    })
  }

  const replacing = invites.data?.some((i) => i.status === 'pending' && i.email === email.trim().toLowerCase())
  return (
    <Card>
      <CardHeader>
        <CardTitle>Invite a client</CardTitle>
        <CardDescription>
          They get an email with a link; accepting it makes them your client on the plan you choose, from that day.
        </CardDescription>
      </CardHeader>
      <form onSubmit={handleSubmit} noValidate className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-start">
        <Field
          label="Client email"
          error={errors.email?.[0]}
          hint={replacing ? 'This replaces the invite you already sent to this email.' : undefined}
        >
          {(control) => (
            <Input
              {...control}
              type="email"
              autoComplete="off"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          )}
        </Field>
        <Field label="Plan" error={errors.planId?.[0]}>
          {(control) => (
            <NativeSelect {...control} value={planId} onChange={(e) => setPlanId(e.target.value)}>
              <option value="">{plans ? (plans.length ? 'Choose a plan' : 'Create a plan first') : 'Loading…'}</option>
              {plans?.map((plan) => (
                <option key={plan.id} value={plan.id}>
                  {plan.name}
                  {plan.isTemplate ? ' (template)' : ''}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Button type="submit" size="lg" className="sm:mt-6" disabled={create.isPending}>
          {create.isPending ? 'Sending…' : 'Send invite'}
        </Button>
      </form>
      {sent?.link && (
        <div
          role="status"
          className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-muted/50 p-3 text-sm"
        >
          <span>
            Invite sent to <span className="font-medium">{sent.email}</span>. You can also share the link yourself.
          </span>
          <CopyLinkButton link={sent.link} label={`Copy link for ${sent.email}`} />
        </div>
      )}
    </Card>
  )
}
