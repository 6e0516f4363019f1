import { ApiError } from '#client/lib/api-client.ts'

/** The words for a page whose data would not load, by what the page shows. */
const loadErrorMessages = {
  notShared: (what: string) => `This ${what} does not exist or is not shared with you.`,
  failed: (what: string) => `The ${what} could not be loaded. Try again.`,
} as const

/** A page's data failed: not there or not the viewer's (400/403/404), or could not be fetched. */
export function LoadError({ error, what }: { error: unknown; what: string }) {
  const notShared = error instanceof ApiError && [400, 403, 404].includes(error.status)
  return <p role="alert">{notShared ? loadErrorMessages.notShared(what) : loadErrorMessages.failed(what)}</p>
}
