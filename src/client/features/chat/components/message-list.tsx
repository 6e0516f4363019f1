import { cva } from 'class-variance-authority'
import { AlertCircle, ArrowDown, Check, CheckCheck, Clock, CloudOff, Loader2 } from 'lucide-react'
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { chatText } from '../chat-text.ts'
import { dayKey, dayLabel, timeOf } from '../day-label.ts'
import { MessageText } from './message-text.tsx'

type RowState = 'waiting' | 'sending' | 'refused' | 'sent' | 'delivered' | 'read'

/** One line of the conversation as shown: a stored message, or one still in the waitingMessages. */
export type MessageRow = {
  id: string
  body: string
  at: string
  own: boolean
  state: RowState | null
  /** The server refused it: its reason, and what the writer can do (it stays until then). */
  refused?: { reason: string; onRetry: () => void; onRemove: () => void }
}

const stateIcon = {
  waiting: CloudOff,
  sending: Clock,
  refused: AlertCircle,
  sent: Check,
  delivered: CheckCheck,
  read: CheckCheck,
} as const

const bubble = cva('max-w-[85%] rounded-2xl px-3.5 py-2 shadow-xs sm:max-w-[75%]', {
  variants: {
    own: { true: 'rounded-br-md', false: 'rounded-bl-md bg-muted text-foreground' },
    pending: { true: '', false: '' },
  },
  compoundVariants: [
    { own: true, pending: false, className: 'bg-primary text-primary-foreground' },
    // Not stored yet: pale and dashed, not dimmed (a faded primary bubble left its text under 4.5:1).
    {
      own: true,
      pending: true,
      className: 'border border-dashed border-primary bg-secondary text-secondary-foreground',
    },
  ],
})

/** The time and state under a message: not dimmed on one's own bubble, where the primary colour leaves no room under 4.5:1. */
const meta = cva('mt-0.5 flex items-center justify-end gap-1.5 text-[0.7rem]', {
  variants: { own: { true: '', false: 'text-muted-foreground' } },
})

const NEAR_BOTTOM_PX = 48

type Props = {
  rows: MessageRow[]
  otherName: string
  hasOlder: boolean
  loadingOlder: boolean
  onLoadOlder: () => void
  /** The newest message is in view (or the list has no scroll); reading is then assumed. */
  onAtBottom: (atBottom: boolean) => void
}

/**
 * The conversation, newest at the bottom, grouped by day. Scrolling to the top loads older pages
 * without moving what is on screen; a new message scrolls into view when the reader was already
 * at the bottom (or wrote it).
 */
export function MessageList({ rows, otherName, hasOlder, loadingOlder, onLoadOlder, onAtBottom }: Props) {
  const scroller = useRef<HTMLDivElement>(null)
  const sentinel = useRef<HTMLDivElement>(null)
  const atBottom = useRef(true)
  const [showJump, setShowJump] = useState(false)
  const first = rows[0]?.id
  const last = rows.at(-1)
  const lastId = last?.id
  const lastOwn = last?.own ?? false
  const previous = useRef<{ first?: string; last?: string; height: number } | null>(null)

  const measure = useCallback(() => {
    const el = scroller.current
    if (!el) return
    const bottom = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX
    if (previous.current) previous.current.height = el.scrollHeight
    if (bottom !== atBottom.current) {
      atBottom.current = bottom
      setShowJump(!bottom)
    }
    onAtBottom(bottom)
  }, [onAtBottom])

  // Keep the reader's place: older pages grow the list above them, new messages below.
  useLayoutEffect(() => {
    const el = scroller.current
    if (!el) return
    const before = previous.current
    if (!before) el.scrollTop = el.scrollHeight
    else if (first !== before.first && lastId === before.last) el.scrollTop += el.scrollHeight - before.height
    else if (lastId !== before.last && (atBottom.current || lastOwn)) el.scrollTop = el.scrollHeight
    previous.current = { first, last: lastId, height: el.scrollHeight }
    measure()
  }, [first, lastId, lastOwn, measure])

  // The sentinel above the oldest message asks for the page before it; a new observer after every
  // page, so a short page that leaves the sentinel in view asks again.
  useEffect(() => {
    const root = scroller.current
    const target = sentinel.current
    if (!root || !target || !hasOlder || loadingOlder) return
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && onLoadOlder(), {
      root,
      rootMargin: '240px 0px 0px 0px',
    })
    observer.observe(target)
    return () => observer.disconnect()
  }, [hasOlder, loadingOlder, onLoadOlder, first])

  const groups: { key: string; rows: MessageRow[] }[] = []
  for (const row of rows) {
    const key = dayKey(row.at)
    const group = groups.at(-1)
    if (group?.key === key) group.rows.push(row)
    else groups.push({ key, rows: [row] })
  }

  return (
    <div className="relative min-h-0 flex-1">
      <div
        ref={scroller}
        role="log"
        aria-label={chatText.messages}
        aria-busy={loadingOlder}
        // Keyboard users scroll the history too: the list takes focus (arrows, Page Up), as a
        // scrollable region must.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        onScroll={measure}
        className="flex h-full flex-col gap-3 overflow-y-auto overscroll-contain rounded-md px-1 py-3 outline-none [overflow-anchor:none] focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        <div ref={sentinel} aria-hidden className="h-px shrink-0" />
        {hasOlder ? (
          <p className="flex items-center justify-center gap-2 text-xs text-muted-foreground">
            {loadingOlder && <Loader2 className="size-3.5 animate-spin" aria-hidden />}
            {chatText.loadingOlder}
          </p>
        ) : (
          <p className="text-center text-xs text-muted-foreground">{rows.length ? chatText.start : chatText.empty}</p>
        )}
        {groups.map((group) => (
          <section key={group.key} aria-label={dayLabel(group.key)} className="flex flex-col gap-1.5">
            {/* A full-width band, not a floating pill: the messages scroll under it instead of showing through beside the date. */}
            <h2 className="sticky top-0 z-[1] -mx-1 flex justify-center bg-background py-1 text-xs font-medium text-muted-foreground">
              <span className="rounded-full border px-3 py-0.5">{dayLabel(group.key)}</span>
            </h2>
            <ol className="flex flex-col gap-1.5">
              {group.rows.map((row) => (
                <li key={row.id} className={row.own ? 'flex flex-col items-end' : 'flex flex-col items-start'}>
                  <div
                    className={bubble({
                      own: row.own,
                      pending: row.state === 'waiting' || row.state === 'sending' || row.state === 'refused',
                    })}
                  >
                    <span className="sr-only">{row.own ? chatText.you : otherName}: </span>
                    <p className="text-[0.95rem] break-words whitespace-pre-wrap">
                      <MessageText body={row.body} />
                    </p>
                    <p className={meta({ own: row.own })}>
                      <time dateTime={row.at}>{timeOf(row.at)}</time>
                      {row.state && <StateLabel state={row.state} />}
                    </p>
                  </div>
                  {row.refused && <Refused {...row.refused} />}
                </li>
              ))}
            </ol>
          </section>
        ))}
      </div>
      {showJump && (
        <Button
          type="button"
          size="icon"
          variant="secondary"
          aria-label={chatText.jumpToNewest}
          className="absolute right-3 bottom-3"
          onClick={() => scroller.current?.scrollTo({ top: scroller.current.scrollHeight, behavior: 'smooth' })}
        >
          <ArrowDown />
        </Button>
      )}
    </div>
  )
}

function StateLabel({ state }: { state: RowState }) {
  const Icon = stateIcon[state]
  return (
    <span className="inline-flex items-center gap-0.5" data-state={state}>
      <Icon className="size-3.5" aria-hidden />
      {chatText.state[state]}
    </span>
  )
}

function Refused({ reason, onRetry, onRemove }: NonNullable<MessageRow['refused']>) {
  return (
    <div className="mt-1 flex max-w-[85%] flex-wrap items-center justify-end gap-x-2 text-xs sm:max-w-[75%]">
      <p className="text-destructive">{chatText.refused(reason)}</p>
      <Button type="button" size="sm" variant="ghost" className="h-7 px-2" onClick={onRetry}>
        {chatText.tryAgain}
      </Button>
      <Button type="button" size="sm" variant="ghost" className="h-7 px-2" onClick={onRemove}>
        {chatText.remove}
      </Button>
    </div>
  )
}
