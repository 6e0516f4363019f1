import type * as React from 'react'
import { cn } from '#client/lib/cn.ts'

function Label({ className, htmlFor, ...props }: React.ComponentProps<'label'>) {
  return (
    <label
      data-slot="label"
      htmlFor={htmlFor}
      className={cn('text-sm leading-none font-medium select-none', className)}
      {...props}
    />
  )
}

export { Label }
