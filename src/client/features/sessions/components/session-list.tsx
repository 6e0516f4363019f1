import { Link } from 'react-router'
import type { SessionSummary } from '#shared/schemas/sessions.ts'
import { sessionText } from '../session-text.ts'

type Props = {
  sessions: SessionSummary[] | undefined
  /** Where a session opens: its summary, or (for the lifter's own session in progress) the logger. */
  hrefOf: (session: SessionSummary) => string
}

/** A short list of sessions, newest first: title and date (or 'In progress'), and whether it was corrected; the lifter's home and the coach's client detail. */
export function SessionList({ sessions, hrefOf }: Props) {
  if (sessions?.length === 0) return <p className="text-sm text-muted-foreground">No sessions yet.</p>
  return (
    <ul className="divide-y rounded-xl border bg-card">
      {sessions?.map((s) => (
        <li key={s.id}>
          <Link to={hrefOf(s)} className="flex justify-between gap-3 p-3 text-sm hover:bg-muted">
            <span className="font-medium">{s.title}</span>
            <span className="text-muted-foreground">
              {s.status === 'in_progress'
                ? 'In progress'
                : new Date(s.startedAt).toLocaleDateString(undefined, { day: 'numeric', month: 'short' })}
              {s.correctedAt && ` · ${sessionText.correction.listMark}`}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  )
}
