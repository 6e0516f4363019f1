import { useId } from 'react'

type Props<T extends string> = {
  legend: string
  options: readonly T[]
  value: T[]
  onChange: (next: T[]) => void
  error?: string
  /** What each option reads as; the option itself unless given. */
  labelOf?: (option: T) => string
}

/** A fieldset of checkboxes with its legend and error: multi-choice without a custom widget. */
export function CheckboxGroup<T extends string>({ legend, options, value, onChange, error, labelOf }: Props<T>) {
  const errorId = useId()
  return (
    <fieldset
      className="flex flex-col gap-2"
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        {options.map((option) => (
          <label key={option} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-[var(--primary)]"
              checked={value.includes(option)}
              onChange={(e) => onChange(e.target.checked ? [...value, option] : value.filter((v) => v !== option))}
            />
            {labelOf ? labelOf(option) : option}
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  )
}
