import { cva, type VariantProps } from 'class-variance-authority'
import type * as React from 'react'
import { cn } from '#client/lib/cn.ts'

const badgeVariants = cva(
  'inline-flex shrink-0 items-center justify-center rounded-full font-medium whitespace-nowrap tabular-nums',
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground',
        secondary: 'bg-secondary text-secondary-foreground',
        outline: 'border text-muted-foreground',
        /** Something waits for the user (unread messages on a navigation item). */
        alert: 'bg-destructive text-destructive-foreground',
      },
      size: {
        default: 'h-6 px-2.5 text-xs',
        /** A count on a navigation item or a link (unread messages). */
        count: 'h-5 min-w-5 px-1.5 text-[0.7rem] leading-none',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
)

function Badge({
  className,
  variant,
  size,
  ...props
}: React.ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  return <span data-slot="badge" className={cn(badgeVariants({ variant, size }), className)} {...props} />
}

export { Badge }
