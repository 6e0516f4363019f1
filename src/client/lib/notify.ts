import { toast } from 'sonner'
import type { Notice } from '#shared/app-text.ts'

export type NoticeAction = { label: string; onClick: () => void }

/** Toasts with a title and an optional text; the one way screens tell the user what happened. */
export const notify = {
  success: ({ title, description }: Notice) => toast.success(title, { description }),
  error: ({ title, description }: Notice) => toast.error(title, { description }),
  /** News that is neither a success nor a failure (a new chat message), with an optional action. */
  info: ({ title, description }: Notice, action?: NoticeAction) => toast(title, { description, action }),
}
