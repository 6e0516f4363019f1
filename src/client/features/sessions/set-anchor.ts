import { paths } from '#shared/paths.ts'

/** The fragment of a summary's address that opens it at one logged set ('#set-<id>'). */
export const setAnchor = (setLogId: string) => `set-${setLogId}`

/** Where a comment opens: its session's summary, at the set it is on. */
export const commentHref = ({ sessionId, setLogId }: { sessionId: string; setLogId: string | null }) =>
  `${paths.open.summary.getHref(sessionId)}${setLogId ? `#${setAnchor(setLogId)}` : ''}`
