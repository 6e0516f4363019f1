import { chatText } from './chat-text.ts'

/** The local calendar day of a timestamp, as a sortable key ('2026-11-23'). */
export function dayKey(at: string | Date): string {
  const d = typeof at === 'string' ? new Date(at) : at
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
}

/** A day separator's words: 'Today', 'Yesterday', or the date (with the year when it is not this one). */
export function dayLabel(key: string, now = new Date()): string {
  if (key === dayKey(now)) return chatText.today
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1)
  if (key === dayKey(yesterday)) return chatText.yesterday
  const [y = 1970, m = 1, d = 1] = key.split('-').map(Number)
  const date = new Date(y, m - 1, d)
  return date.toLocaleDateString(undefined, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    ...(y === now.getFullYear() ? {} : { year: 'numeric' }),
  })
}

export function timeOf(at: string): string {
  return new Date(at).toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' })
}
