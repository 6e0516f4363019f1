import { expect, test } from 'vitest'
import { lastTrainedText } from './clients-text.ts'

test('‘trained yesterday’ counts calendar days in the client’s time zone, not hours', () => {
  // 23:30 UTC on the 27th, read at 08:00 UTC on the 28th.
  const at = '2026-11-27T23:30:00Z'
  const now = new Date('2026-11-28T08:00:00Z')
  // In Berlin both are the 28th; in New York the session was the 27th, and it is the 28th now.
  expect(lastTrainedText(at, 'Europe/Berlin', now)).toBe('trained today')
  expect(lastTrainedText(at, 'America/New_York', now)).toBe('trained yesterday')
  expect(lastTrainedText('2026-11-20T10:00:00Z', 'Asia/Tokyo', now)).toBe('last trained 8 days ago')
  expect(lastTrainedText(null, 'Europe/Berlin', now)).toBe('no sessions yet')
  // A zone this device does not know reads in its own days rather than failing.
  expect(lastTrainedText('2026-11-28T07:00:00Z', 'Nowhere/Else', now)).toMatch(/^trained (today|yesterday)$/)
})
