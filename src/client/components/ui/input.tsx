import { cva, type VariantProps } from 'class-variance-authority'
import type * as React from 'react'
import { cn } from '#client/lib/cn.ts'
import { useTypedBeforeHydration } from '#client/first-paint/typed-before-hydration.ts'

const fieldVariants = cva(
  'flex min-w-0 rounded-md border bg-background outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive aria-invalid:ring-destructive/20',
  {
    variants: {
      /** `compact` is for dense rows (a set's reps and load; the caller sets the width); `heading` edits a page title in place. */
      size: {
        default: 'h-11 w-full border-input px-3 py-2 text-base shadow-xs md:text-sm',
        compact: 'h-9 border-input px-2 text-sm shadow-xs',
        /** Big, centred numbers for a thumb in the gym (the set logger); the caller sets the width. */
        touch: 'h-12 border-input px-1 text-center text-base shadow-xs',
        heading:
          'h-auto w-full border-transparent px-1 py-0.5 text-2xl font-semibold tracking-tight hover:border-input',
      },
    },
    defaultVariants: { size: 'default' },
  },
)

type FieldSize = VariantProps<typeof fieldVariants>

function Input({ className, type, size, ref, ...props }: Omit<React.ComponentProps<'input'>, 'size'> & FieldSize) {
  const fieldRef = useTypedBeforeHydration(props.value, ref)
  return (
    <input
      ref={fieldRef}
      type={type}
      data-slot="input"
      className={cn(
        fieldVariants({ size }),
        'transition-[color,box-shadow] placeholder:text-muted-foreground',
        className,
      )}
      {...props}
    />
  )
}

function NativeSelect({ className, size, ...props }: Omit<React.ComponentProps<'select'>, 'size'> & FieldSize) {
  return <select data-slot="select" className={cn(fieldVariants({ size }), className)} {...props} />
}

export { Input, NativeSelect }
