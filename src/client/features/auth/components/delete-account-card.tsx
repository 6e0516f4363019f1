import { useState, type FormEvent } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { Card, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx'
import { Field } from '#client/components/ui/field.tsx'
import { Input } from '#client/components/ui/input.tsx'
import { ApiError } from '#client/lib/api-client.ts'
import { notify } from '#client/lib/notify.ts'
import { useDeleteAccount } from '../api/delete-account.ts'

const text = {
  title: 'Delete your account',
  description:
    'Deletes your account and everything in it for good: your training, habits, check-ins, messages and progress photos. Download your data first if you want to keep it.',
  password: 'Your password',
  confirm: 'I understand that this cannot be undone',
  submit: 'Delete my account',
  deleting: 'Deleting…',
  deleted: 'Account deleted',
  failed: 'Could not delete the account',
  wrongPassword: 'That password is not right',
  noPassword: 'Your account has no password yet: set one with “Forgot or set password?”, then come back',
} as const

/** A client deletes their own account, with their password and a tick that they mean it. */
export function DeleteAccountCard({ userId }: { userId: string }) {
  const deleteAccount = useDeleteAccount()
  const [password, setPassword] = useState('')
  const [sure, setSure] = useState(false)
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (!password || !sure) return
    setBusy(true)
    setError(undefined)
    try {
      await deleteAccount(userId, password)
      notify.success({ title: text.deleted })
    } catch (caught) {
      const code = caught instanceof ApiError ? caught.code : ''
      setError(
        code === 'INVALID_PASSWORD'
          ? text.wrongPassword
          : code === 'CREDENTIAL_ACCOUNT_NOT_FOUND'
            ? text.noPassword
            : caught instanceof Error
              ? caught.message
              : text.failed,
      )
      setBusy(false)
    }
  }

  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle>{text.title}</CardTitle>
        <CardDescription>{text.description}</CardDescription>
      </CardHeader>
      <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-3" aria-label={text.title}>
        <Field label={text.password} error={error} className="max-w-sm">
          {(control) => (
            <Input
              {...control}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          )}
        </Field>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="size-4" checked={sure} onChange={(e) => setSure(e.target.checked)} />
          {text.confirm}
        </label>
        <Button type="submit" variant="destructive" className="self-start" disabled={busy || !password || !sure}>
          {busy ? text.deleting : text.submit}
        </Button>
      </form>
    </Card>
  )
}
