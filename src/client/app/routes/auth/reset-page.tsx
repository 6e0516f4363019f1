import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState, type FormEvent } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { authText } from '#shared/app-text.ts'
import { isEmail, normalizeEmail } from '#shared/schemas/auth.ts'
import { paths } from '#shared/paths.ts'
import { Loading } from '#client/components/feedback/full-page-message.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Field } from '#client/components/ui/field.tsx'
import { Input } from '#client/components/ui/input.tsx'
import { checkResetToken, requestPasswordReset, setNewPassword } from '#client/features/auth/api/auth-calls.ts'
import { markSignedOut } from '#client/features/auth/api/auth-queries.ts'
import { authErrorText, linkParams, resetLinkErrorText } from '#client/features/auth/auth-errors.ts'
import { AuthCard } from '#client/features/auth/components/auth-card.tsx'
import { NewPasswordFields } from '#client/features/auth/components/new-password-fields.tsx'
import { checkNewPassword } from '#client/features/auth/validation.ts'
import { notify } from '#client/lib/notify.ts'

/** /auth/reset: request a reset email, set a new password from a recovery link, or show the link's error. */
type Mode =
  | { kind: 'checking' }
  | { kind: 'request' }
  | { kind: 'link-error'; message: string }
  | { kind: 'set-password'; token: string }

function initialMode(params: URLSearchParams): Mode {
  if (params.get('error') || params.get('error_code') || params.get('error_description')) {
    return { kind: 'link-error', message: resetLinkErrorText(params) }
  }
  if (params.get('token') && params.get('type') === 'recovery') return { kind: 'checking' }
  return { kind: 'request' }
}

export function ResetPage() {
  const location = useLocation()
  const [mode, setMode] = useState<Mode>(() => initialMode(linkParams(location)))

  useEffect(() => {
    const params = linkParams(location)
    const token = params.get('token')
    if (mode.kind !== 'checking' || !token) return
    checkResetToken(token).then(
      (status) => {
        if (status.valid) return setMode({ kind: 'set-password', token })
        const errors = new URLSearchParams(
          status.error === 'otp_expired' ? { error_code: 'otp_expired' } : { error: 'access_denied' },
        )
        setMode({ kind: 'link-error', message: resetLinkErrorText(errors) })
      },
      () => setMode({ kind: 'link-error', message: authText.linkError }),
    )
  }, [mode.kind, location])

  switch (mode.kind) {
    case 'checking':
      return <Loading />
    case 'request':
      return <RequestReset />
    case 'set-password':
      return <SetPassword token={mode.token} />
    case 'link-error':
      return (
        <AuthCard title="Reset link problem">
          <p role="alert" className="text-sm">
            {mode.message}
          </p>
          <Button onClick={() => setMode({ kind: 'request' })}>Request a new link</Button>
        </AuthCard>
      )
  }
}

function RequestReset() {
  const [email, setEmail] = useState('')
  const [busy, setBusy] = useState(false)

  async function handleSubmit(event: FormEvent) {
    event.preventDefault()
    const address = normalizeEmail(email)
    if (!address) return notify.error(authText.emailRequired)
    if (!isEmail(address)) return notify.error(authText.invalidEmail)
    setBusy(true)
    try {
      await requestPasswordReset(address)
      notify.success(authText.resetEmailSent)
    } catch (error) {
      notify.error({ title: authText.resetEmailFailedTitle, description: authErrorText(error) })
    } finally {
      setBusy(false)
    }
  }

  return (
    <AuthCard
      title="Reset password"
      description="We will email you a link to set a new password. It works once, within 1 hour."
    >
      <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4">
        <Field label="Email">
          {(control) => (
            <Input
              {...control}
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          )}
        </Field>
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? 'Sending…' : 'Send reset email'}
        </Button>
      </form>
    </AuthCard>
  )
}

function SetPassword({ token }: { token: string }) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [busy, setBusy] = useState(false)

  async function handleSubmit(event: FormEvent) {
    event.preventDefault()
    const problem = checkNewPassword(password, confirm)
    if (problem) return notify.error(problem)
    setBusy(true)
    try {
      await setNewPassword(token, password)
      // The reset signed this account out everywhere: forget what this tab knew.
      markSignedOut(queryClient)
      notify.success(authText.passwordUpdated)
      await navigate(paths.auth.login.getHref(), { replace: true })
    } catch (error) {
      notify.error({ title: authText.updatePasswordFailedTitle, description: authErrorText(error) })
    } finally {
      setBusy(false)
    }
  }

  return (
    <AuthCard title="Set a new password" description="Setting a new password signs you out on every other device.">
      <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4">
        <NewPasswordFields password={password} confirm={confirm} onPassword={setPassword} onConfirm={setConfirm} />
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? 'Saving…' : 'Update password'}
        </Button>
      </form>
    </AuthCard>
  )
}
