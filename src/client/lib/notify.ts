import type { Notice } from '#shared/app-text.ts'

export type NoticeAction = { label: string; onClick: () => void }

/**
 * The toast library loads after the first paint, beside the page rather than in the entry (the
 * /auth budget): a toast waits until its Toaster is mounted, so none is lost while it loads.
 */
let toasterReady: () => void = () => {}
const mounted = new Promise<void>((resolve) => (toasterReady = resolve))

/** Called by the Toaster once it is on the page. */
export const markToasterMounted = () => toasterReady()

const toast = async () => (await Promise.all([import('sonner'), mounted]))[0].toast

/** Toasts with a title and an optional text; the one way screens tell the user what happened. */
export const notify = {
  success: ({ title, description }: Notice) => void toast().then((t) => t.success(title, { description })),
  error: ({ title, description }: Notice) => void toast().then((t) => t.error(title, { description })),
  /** News that is neither a success nor a failure (a new chat message), with an optional action. */
  info: ({ title, description }: Notice, action?: NoticeAction) =>
    void toast().then((t) => t(title, { description, action })),
}
