import { Field } from '#client/components/ui/field.tsx'
import { Input } from '#client/components/ui/input.tsx'

type Props = {
  password: string
  confirm: string
  onPassword: (value: string) => void
  onConfirm: (value: string) => void
  /** 'Password' on sign-up; 'New password' when changing or resetting. */
  label?: string
}

/** A new password and its confirmation, with the rules said once (sign-up, reset, account). */
export function NewPasswordFields({ password, confirm, onPassword, onConfirm, label = 'New password' }: Props) {
  return (
    <>
      <Field label={label} hint="At least 8 characters, with uppercase, lowercase and a number.">
        {(control) => (
          <Input
            {...control}
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => onPassword(e.target.value)}
          />
        )}
      </Field>
      <Field label={label === 'Password' ? 'Confirm password' : `Confirm ${label.toLowerCase()}`}>
        {(control) => (
          <Input
            {...control}
            type="password"
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => onConfirm(e.target.value)}
          />
        )}
      </Field>
    </>
  )
}
