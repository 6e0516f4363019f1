import { useRef, useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { authText } from '#shared/app-text.ts'
import { normalizeEmail } from '#shared/schemas/auth.ts'
import { paths } from '#shared/paths.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Field } from '#client/components/ui/field.tsx'
import { Input } from '#client/components/ui/input.tsx'
import { notify } from '#client/lib/notify.ts'
import { sendMagicLink, signInWithPassword } from '../api/auth-calls.ts'
import { authErrorText, signInErrorText } from '../auth-errors.ts'
import { useEnterApp } from '../use-enter-app.ts'
import { checkCredentials, isThrottled } from '../validation.ts'

/** `email` fills the field at first (the account just created, an invite's address). */
export function SignInForm({ email: initialEmail }: { email: string }) {
  const enterApp = useEnterApp()
  const [email, setEmail] = useState(initialEmail)
  const [password, setPassword] = useState('')
  const [busy, setBusy] = useState<'password' | 'magic' | null>(null)
  const failures = useRef({ count: 0, lastAt: 0 })

  async function handleSignIn(event: FormEvent) {
    event.preventDefault()
    if (isThrottled(failures.current.count, failures.current.lastAt)) return notify.error(authText.tooManyAttempts)
    const checked = checkCredentials(email, password)
    if ('problem' in checked) return notify.error(checked.problem)
    setBusy('password')
    try {
      await signInWithPassword(checked.email, password)
      failures.current = { count: 0, lastAt: 0 }
      notify.success(authText.welcomeBack)
      await enterApp()
    } catch (error) {
      failures.current = { count: failures.current.count + 1, lastAt: Date.now() }
      notify.error({ title: authText.signInFailedTitle, description: signInErrorText(error) })
    } finally {
      setBusy(null)
    }
  }

  async function handleMagicLink() {
    const address = normalizeEmail(email)
    if (!address) return notify.error(authText.emailRequired)
    setBusy('magic')
    try {
      await sendMagicLink(address)
      notify.success(authText.checkInbox)
    } catch (error) {
      notify.error({ title: authText.magicLinkFailedTitle, description: authErrorText(error) })
    } finally {
      setBusy(null)
    }
  }

  return (
    <form onSubmit={handleSignIn} noValidate className="flex flex-col gap-4">
      <Field label="Email">
        {(control) => (
          <Input
            {...control}
            type="email"
            autoComplete="email"
            inputMode="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        )}
      </Field>
      <Field label="Password">
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
      <Link
        to={paths.auth.reset.getHref()}
        className="self-end text-sm text-primary underline-offset-4 hover:underline"
      >
        Forgot or set password?
      </Link>
      <Button type="submit" size="lg" disabled={busy !== null}>
        {busy === 'password' ? 'Signing in…' : 'Sign in'}
      </Button>
      <div className="flex items-center gap-3 text-xs text-muted-foreground" aria-hidden>
        <span className="h-px flex-1 bg-border" /> or <span className="h-px flex-1 bg-border" />
      </div>
      <Button type="button" variant="outline" size="lg" disabled={busy !== null} onClick={() => void handleMagicLink()}>
        {busy === 'magic' ? 'Sending…' : 'Email me a magic link'}
      </Button>
    </form>
  )
}
