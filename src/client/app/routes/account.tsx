import { useState, type FormEvent } from 'react'
import { authText } from '#shared/app-text.ts'
import { plateSetupOf } from '#shared/schemas/plate-setups.ts'
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
import { ApiTokensCard } from '#client/features/api-tokens/components/api-tokens-card.tsx'
import { useSignOut } from '#client/features/auth/api/sign-out.ts'
import { useAuth } from '#client/features/auth/auth-context.tsx'
import { useChangePassword } from '#client/features/auth/password-mutations.ts'
import { DeleteAccountCard } from '#client/features/auth/components/delete-account-card.tsx'
import { CalendarFeedCard } from '#client/features/calendar/components/calendar-feed-card.tsx'
import { useBecomeCoach, useUpdateProfile } from '#client/features/auth/profile-mutations.ts'
import { chatText } from '#client/features/chat/chat-text.ts'
import { DataExportCard } from '#client/features/data-export/components/data-export-card.tsx'
import { NewPasswordFields } from '#client/features/auth/components/new-password-fields.tsx'
import { checkNewPassword } from '#client/features/auth/validation.ts'
import { HistoryImportCard } from '#client/features/history-import/components/history-import-card.tsx'
import { NotificationsCard } from '#client/features/notifications/components/notifications-card.tsx'
import { GymsCard } from '#client/features/gyms/components/gyms-card.tsx'
import { PlateSetupForm } from '#client/features/profile/plate-setup-form.tsx'
import { ProfileForm } from '#client/features/profile/profile-form.tsx'
import { profileText } from '#client/features/profile/profile-text.ts'
import { notify } from '#client/lib/notify.ts'

export function AccountPage() {
  const auth = useAuth()
  const signOut = useSignOut()
  if (auth.status !== 'authenticated') return null
  return (
    <section className="flex max-w-2xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Account</h1>
        <p className="text-sm text-muted-foreground">
          Signed in as {auth.user.email} · {auth.profile.role === 'coach' ? 'Coach' : 'Client'}
        </p>
      </div>
      <ProfileCard />
      {auth.profile.role === 'client' && <GymsCard />}
      {auth.profile.role === 'client' && <PlatesCard />}
      {auth.profile.role === 'client' && <HistoryImportCard unit={auth.profile.unit} userId={auth.user.id} />}
      <NotificationsCard role={auth.profile.role} />
      <ChatEmailsCard />
      <CalendarFeedCard role={auth.profile.role} />
      <PasswordCard />
      <DataExportCard canRestore={auth.profile.role === 'client'} />
      <ApiTokensCard />
      {auth.profile.role === 'client' && <BecomeCoachCard />}
      {auth.profile.role === 'client' && <DeleteAccountCard userId={auth.user.id} />}
      <Card>
        <CardHeader>
          <CardTitle>Sign out</CardTitle>
          <CardDescription>Ends this session on the server. Other devices stay signed in.</CardDescription>
        </CardHeader>
        <Button variant="outline" className="self-start" onClick={() => void signOut()}>
          Sign out
        </Button>
      </Card>
    </section>
  )
}

function ProfileCard() {
  const auth = useAuth()
  const update = useUpdateProfile()
  if (auth.status !== 'authenticated') return null
  return (
    <Card>
      <CardHeader>
        <CardTitle>Profile</CardTitle>
        <CardDescription>Your coach sees your name, goal and level. Weights show in your unit.</CardDescription>
      </CardHeader>
      <ProfileForm
        initial={auth.profile}
        withUnit
        submitLabel="Save changes"
        busy={update.isPending}
        onSubmit={(values) => update.mutate(values, { onSuccess: () => notify.success(authText.profileSaved) })}
      />
    </Card>
  )
}

/** A lifter's plate step, bar and plates in the unit they train in; the other unit keeps its own. */
function PlatesCard() {
  const auth = useAuth()
  const update = useUpdateProfile({ errorTitle: profileText.saveFailedTitle })
  if (auth.status !== 'authenticated') return null
  const unit = auth.profile.unit
  return (
    <Card>
      <CardHeader>
        <CardTitle>{profileText.platesTitle}</CardTitle>
        <CardDescription>{profileText.platesDescription(unit, auth.profile.gym?.name ?? null)}</CardDescription>
      </CardHeader>
      <PlateSetupForm
        key={`${unit}:${auth.profile.gym?.id ?? ''}`}
        unit={unit}
        initial={plateSetupOf(auth.profile.plateSetups, unit)}
        busy={update.isPending}
        onSubmit={(setup) =>
          update.mutate({ plateSetups: { [unit]: setup } }, { onSuccess: () => notify.success(profileText.saved) })
        }
      />
    </Card>
  )
}

/** The unread-messages email (decision 011): on by default, saved as soon as it is switched. */
function ChatEmailsCard() {
  const auth = useAuth()
  const digest = useUpdateProfile({ errorTitle: chatText.digestFailedTitle })
  // The box follows the click in the same render (a mutation's pending state comes a moment later);
  // a failed save puts it back.
  const [wanted, setWanted] = useState<boolean | null>(null)
  if (auth.status !== 'authenticated') return null
  const checked = wanted ?? auth.profile.messageDigest

  function handleChange(messageDigest: boolean) {
    setWanted(messageDigest)
    digest.mutate(
      { messageDigest },
      {
        onSuccess: (profile) => notify.success(profile.messageDigest ? chatText.digestOn : chatText.digestOff),
        onSettled: () => setWanted(null),
      },
    )
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{chatText.digestTitle}</CardTitle>
        <CardDescription id="digest-description">{chatText.digestDescription}</CardDescription>
      </CardHeader>
      <label className="flex items-center gap-3 text-sm font-medium">
        <input
          type="checkbox"
          className="size-5 accent-[var(--primary)]"
          checked={checked}
          disabled={digest.isPending}
          aria-describedby="digest-description"
          onChange={(e) => handleChange(e.target.checked)}
        />
        {chatText.digestLabel}
      </label>
    </Card>
  )
}

function PasswordCard() {
  const [current, setCurrent] = useState('')
  const [next, setNext] = useState('')
  const [confirm, setConfirm] = useState('')
  const change = useChangePassword()
  const busy = change.isPending

  function handleSubmit(event: FormEvent) {
    event.preventDefault()
    if (!current) return notify.error(authText.currentPasswordRequired)
    const problem = checkNewPassword(next, confirm)
    if (problem) return notify.error(problem)
    change.mutate(
      { currentPassword: current, newPassword: next },
      {
        onSuccess: () => {
          setCurrent('')
          setNext('')
          setConfirm('')
        },
      },
    )
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Password</CardTitle>
        <CardDescription>Changing it signs you out on your other devices.</CardDescription>
      </CardHeader>
      <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4">
        <Field label="Current password">
          {(control) => (
            <Input
              {...control}
              type="password"
              autoComplete="current-password"
              value={current}
              onChange={(e) => setCurrent(e.target.value)}
            />
          )}
        </Field>
        <NewPasswordFields password={next} confirm={confirm} onPassword={setNext} onConfirm={setConfirm} />
        <Button type="submit" className="self-start" disabled={busy}>
          {busy ? 'Saving…' : 'Change password'}
        </Button>
      </form>
    </Card>
  )
}

function BecomeCoachCard() {
  const switching = useBecomeCoach()
  // Busy until the coach dashboard opens.
  const busy = switching.isPending || switching.isSuccess

  return (
    <Card>
      <CardHeader>
        <CardTitle>Coach others</CardTitle>
        <CardDescription>
          Turn your account into a coach account to build plans and invite clients. Clients with a coach cannot switch.
        </CardDescription>
      </CardHeader>
      <Dialog>
        <DialogTrigger asChild>
          <Button variant="secondary" className="self-start">
            Become a coach
          </Button>
        </DialogTrigger>
        <DialogContent>
          <DialogTitle>Become a coach?</DialogTitle>
          <DialogDescription>
            Your account switches to a coach account and opens the coach dashboard. Your own training history stays
            yours.
          </DialogDescription>
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button disabled={busy} onClick={() => switching.mutate()}>
              {busy ? 'Switching…' : 'Yes, become a coach'}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </Card>
  )
}
