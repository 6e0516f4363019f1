import { SendHorizontal } from 'lucide-react'
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import { chatApiText, MESSAGE_COUNTER_FROM, MESSAGE_MAX } from '#shared/schemas/chat.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Textarea } from '#client/components/ui/textarea.tsx'
import { cn } from '#client/lib/cn.ts'
import { chatText } from '../chat-text.ts'
import { readDraft, saveDraft } from '../drafts.ts'

type Props = { userId: string; otherId: string; onSend: (body: string) => void }

/**
 * Writes a message: Enter sends, Shift+Enter starts a new line; the draft is kept per
 * conversation; a counter shows near the 4,000-character limit, and more is refused.
 */
export function Composer({ userId, otherId, onSend }: Props) {
  const [text, setText] = useState(() => readDraft(userId, otherId))
  const [problem, setProblem] = useState<string | null>(null)
  const field = useRef<HTMLTextAreaElement>(null)
  const id = useId()
  const tooLong = text.length > MESSAGE_MAX
  const showCount = text.length >= MESSAGE_COUNTER_FROM
  const error = tooLong ? chatApiText.bodyTooLong : problem

  function change(value: string) {
    setText(value)
    saveDraft(userId, otherId, value)
    setProblem(null)
  }

  function send() {
    const body = text.trim()
    if (!body) return setProblem(chatApiText.bodyRequired)
    if (tooLong) return
    onSend(body)
    change('')
    field.current?.focus()
  }

  function handleKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return
    event.preventDefault()
    send()
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault()
    send()
  }

  const describedBy = [`${id}-hint`, showCount ? `${id}-count` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ')
  return (
    <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-1 border-t pt-3">
      <div className="flex items-end gap-2">
        <label htmlFor={id} className="sr-only">
          {chatText.messageLabel}
        </label>
        <Textarea
          ref={field}
          id={id}
          size="composer"
          rows={1}
          placeholder={chatText.placeholder}
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => change(e.target.value)}
          onKeyDown={handleKeyDown}
        />
        <Button type="submit" size="icon" aria-label={chatText.send}>
          <SendHorizontal />
        </Button>
      </div>
      <p id={`${id}-hint`} className="sr-only">
        {chatText.keyHint}
      </p>
      <div className="flex min-h-4 items-start justify-between gap-3 text-xs">
        <p id={`${id}-error`} role="alert" className="text-destructive">
          {error}
        </p>
        {showCount && (
          <p
            id={`${id}-count`}
            className={cn('shrink-0 tabular-nums', tooLong ? 'font-medium text-destructive' : 'text-muted-foreground')}
          >
            {chatText.counter(text.length)}
          </p>
        )}
      </div>
    </form>
  )
}
