import { toast } from 'sonner'
import type { Notice } from '#shared/messages.ts'

/** Toasts with SPEC.md's title and text; the one way screens tell the user what happened. */
export const notify = {
  success: ({ title, description }: Notice) => toast.success(title, { description }),
  error: ({ title, description }: Notice) => toast.error(title, { description }),
}
