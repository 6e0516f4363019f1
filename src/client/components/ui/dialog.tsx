import * as DialogPrimitive from '@radix-ui/react-dialog'
import { cva, type VariantProps } from 'class-variance-authority'
import { X } from 'lucide-react'
import type * as React from 'react'
import { cn } from '#client/lib/cn.ts'

const Dialog = DialogPrimitive.Root
const DialogTrigger = DialogPrimitive.Trigger
const DialogClose = DialogPrimitive.Close

const centred = 'top-1/2 left-1/2 -translate-x-1/2 -translate-y-1/2 rounded-xl border'

const contentVariants = cva('fixed z-50 grid gap-4 bg-background shadow-lg', {
  variants: {
    /** `wide` is for editors: nearly the whole phone screen, scrolling inside. */
    size: {
      default: `${centred} w-[calc(100%-2rem)] max-w-md p-6`,
      wide: `${centred} max-h-[92dvh] w-[calc(100%-1rem)] max-w-3xl overflow-y-auto p-4 sm:p-6`,
      /** The whole screen: a timer read from across the room. */
      full: 'inset-0 h-dvh w-full overflow-y-auto p-4 sm:p-8',
    },
  },
  defaultVariants: { size: 'default' },
})

function DialogContent({
  className,
  children,
  size,
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Content> & VariantProps<typeof contentVariants>) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50" />
      <DialogPrimitive.Content
        data-slot="dialog-content"
        className={cn(contentVariants({ size }), className)}
        {...props}
      >
        {children}
        <DialogPrimitive.Close
          aria-label="Close"
          className="absolute top-3 right-3 rounded-md p-1.5 text-muted-foreground hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
        >
          <X className="size-4" aria-hidden />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  )
}

function DialogTitle({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('text-lg font-semibold', className)} {...props} />
}

function DialogDescription({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn('text-sm text-muted-foreground', className)} {...props} />
}

export { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle, DialogTrigger }
