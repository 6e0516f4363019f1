import { cva, type VariantProps } from 'class-variance-authority'
import type * as React from 'react'
import { cn } from '#client/lib/cn.ts'

const textareaVariants = cva(
  'flex w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive md:text-sm',
  {
    variants: {
      /** `composer` grows with its text up to a few lines (a chat message), then scrolls. */
      size: {
        default: 'min-h-20',
        composer: 'max-h-40 min-h-10 resize-none field-sizing-content',
      },
    },
    defaultVariants: { size: 'default' },
  },
)

function Textarea({
  className,
  size,
  ...props
}: React.ComponentProps<'textarea'> & VariantProps<typeof textareaVariants>) {
  return <textarea data-slot="textarea" className={cn(textareaVariants({ size }), className)} {...props} />
}

export { Textarea }
