/** One Server-Sent Event as a test or the bench reads it. */
export type SseEvent = { event: string; data: string; id?: string }

/**
 * Reads a text/event-stream body event by event: `next(match)` waits for the next event that
 * matches (skipping others), or fails after `ms`. `close` cancels the stream. With `onEvent`,
 * each event goes there instead (the bench's way: nothing is kept).
 */
export function readEvents(body: ReadableStream<Uint8Array>, onEvent?: (event: SseEvent) => void) {
  const reader = body.getReader()
  const decoder = new TextDecoder()
  const received: SseEvent[] = []
  let buffer = ''
  const waiting: { wake: (() => void) | null } = { wake: null }
  let ended = false

  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read()
        if (done) break
        buffer += decoder.decode(value, { stream: true })
        let cut
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut)
          buffer = buffer.slice(cut + 2)
          const event: SseEvent = { event: 'message', data: '' }
          const data: string[] = []
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) continue
            const colon = line.indexOf(':')
            const field = colon < 0 ? line : line.slice(0, colon)
            const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '')
            if (field === 'event') event.event = value
            else if (field === 'data') data.push(value)
            else if (field === 'id') event.id = value
          }
          if (data.length === 0 && !event.id && event.event === 'message') continue
          event.data = data.join('\n')
          if (onEvent) onEvent(event)
          else received.push(event)
          waiting.wake?.()
        }
      }
    } catch {
      // cancelled
    } finally {
      ended = true
      waiting.wake?.()
    }
  })()

  let cursor = 0
  return {
    received,
    /** The next event from here on that satisfies `match`. */
    async next(match: (event: SseEvent) => boolean = () => true, ms = 3000): Promise<SseEvent> {
      const deadline = Date.now() + ms
      for (;;) {
        while (cursor < received.length) {
          const event = received[cursor++] as SseEvent
          if (match(event)) return event
        }
        if (ended) throw new Error('the stream ended')
        const left = deadline - Date.now()
        if (left <= 0)
          throw new Error(
            `no matching event within ${ms} ms (got: ${received.map((e) => e.event).join(', ') || 'nothing'})`,
          )
        await new Promise<void>((resolve) => {
          waiting.wake = resolve
          setTimeout(resolve, left)
        })
        waiting.wake = null
      }
    },
    close: () => reader.cancel().catch(() => {}),
  }
}
