import { Slot } from '@radix-ui/react-slot'
import type * as React from 'react'
import { cn } from '#client/lib/cn.ts'

function Card({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="card"
      className={cn('flex flex-col gap-4 rounded-xl border bg-card p-6 text-card-foreground shadow-sm', className)}
      {...props}
    />
  )
}

function CardHeader({ className, ...props }: React.ComponentProps<'div'>) {
  return <div data-slot="card-header" className={cn('flex flex-col gap-1.5', className)} {...props} />
}

/** An h2; `asChild` gives its look to another heading (a card that is the page's h1). */
function CardTitle({ className, asChild = false, ...props }: React.ComponentProps<'h2'> & { asChild?: boolean }) {
  const Comp = asChild ? Slot : 'h2'
  return <Comp data-slot="card-title" className={cn('text-lg leading-tight font-semibold', className)} {...props} />
}

function CardDescription({ className, ...props }: React.ComponentProps<'p'>) {
  return <p data-slot="card-description" className={cn('text-sm text-muted-foreground', className)} {...props} />
}

export { Card, CardDescription, CardHeader, CardTitle }
