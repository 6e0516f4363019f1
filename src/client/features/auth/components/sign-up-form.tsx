import { useState, type FormEvent } from 'react'
import { authText } from '#shared/app-text.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Field } from '#client/components/ui/field.tsx'
import { Input } from '#client/components/ui/input.tsx'
import { notify } from '#client/lib/notify.ts'
import { signUp } from '../api/auth-calls.ts'
import { signUpErrorText } from '../auth-errors.ts'
import { checkCredentials, checkNewPassword } from '../validation.ts'
import { NewPasswordFields } from './new-password-fields.tsx'

/** `email` fills the field at first; `onCreated` gets the address the account was created with. */
export function SignUpForm({ email: initialEmail, onCreated }: { email: string; onCreated: (email: string) => void }) {
  const [email, setEmail] = useState(initialEmail)
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [busy, setBusy] = useState(false)

  async function handleSubmit(event: FormEvent) {
    event.preventDefault()
    const checked = checkCredentials(email, password)
    if ('problem' in checked) return notify.error(checked.problem)
    const problem = checkNewPassword(password, confirm)
    if (problem) return notify.error(problem)
    setBusy(true)
    try {
      await signUp(checked.email, password)
      notify.success(authText.accountCreated)
      setPassword('')
      setConfirm('')
      onCreated(checked.email)
    } catch (error) {
      notify.error({ title: authText.signUpFailedTitle, description: signUpErrorText(error) })
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4">
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
      <NewPasswordFields
        label="Password"
        password={password}
        confirm={confirm}
        onPassword={setPassword}
        onConfirm={setConfirm}
      />
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? 'Creating your account…' : 'Create account'}
      </Button>
    </form>
  )
}
