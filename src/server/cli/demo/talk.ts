import { KG_PER_LB, toKg } from '#shared/units.ts'
import { type bodyWeights } from '#server/db/schema/index.ts'
import { type Character, type DemoClient, mulberry32, dayFromToday, isoDate, at, START_OFFSET } from './cast.ts'

/*
 * What the coach and the clients said to each other (comments on sets, chat) and the clients'
 * body weights.
 */

// ---------- comments, chat and body weights ----------

type CommentSpec = {
  week: number
  day: number
  by: 'coach' | 'client'
  body: string
  minutesAfter: number
  read: boolean
  set?: { movement: string; setNumber: number }
}

export const COMMENTS: Record<Character, CommentSpec[]> = {
  steady: [
    {
      week: 4,
      day: 1,
      by: 'coach',
      body: 'Great depth on the squats this week. Keep it up.',
      minutesAfter: 120,
      read: true,
    },
    { week: 4, day: 1, by: 'client', body: 'Thanks! Felt good.', minutesAfter: 300, read: true },
    {
      week: 12,
      day: 1,
      by: 'coach',
      body: 'That last bench set came up short, no problem: same load next week.',
      minutesAfter: 180,
      read: false,
      set: { movement: 'Bench press', setNumber: 4 },
    },
  ],
  misses: [
    {
      week: 8,
      day: 3,
      by: 'coach',
      body: 'Good to see you in. Deload week is a fine time to rebuild the habit.',
      minutesAfter: 240,
      read: true,
    },
    {
      week: 11,
      day: 3,
      by: 'coach',
      body: 'Nice work getting this one done. What days suit you best right now?',
      minutesAfter: 200,
      read: true,
    },
    {
      week: 11,
      day: 3,
      by: 'client',
      body: 'Evenings are hard this month. Weekends are easier.',
      minutesAfter: 900,
      read: false,
    },
  ],
  rpe_drift: [
    { week: 6, day: 1, by: 'coach', body: 'Squat speed looked great on video.', minutesAfter: 150, read: true },
    {
      week: 11,
      day: 3,
      by: 'coach',
      body: 'Deadlift at RPE 9 on a day written at 8: how are sleep and stress?',
      minutesAfter: 180,
      read: true,
      set: { movement: 'Deadlift', setNumber: 3 },
    },
    { week: 11, day: 3, by: 'client', body: 'Sleep has been rough, work deadline.', minutesAfter: 600, read: true },
    {
      week: 12,
      day: 1,
      by: 'coach',
      body: 'RPE 9.5 on a set written at 8. Take 5 kg off the squat on Wednesday.',
      minutesAfter: 160,
      read: false,
      set: { movement: 'Back squat', setNumber: 3 },
    },
  ],
  swaps: [
    {
      week: 5,
      day: 5,
      by: 'coach',
      body: 'Goblet squats instead of back squats: is the knee okay?',
      minutesAfter: 120,
      read: true,
      set: { movement: 'Goblet squat', setNumber: 1 },
    },
    { week: 5, day: 5, by: 'client', body: 'Just a bit stiff, fine by Monday.', minutesAfter: 400, read: true },
    {
      week: 11,
      day: 1,
      by: 'coach',
      body: 'The extra bench set is fine, but keep it lighter than the work sets.',
      minutesAfter: 200,
      read: true,
      set: { movement: 'Bench press', setNumber: 5 },
    },
    {
      week: 12,
      day: 1,
      by: 'client',
      body: 'Logged the last plank late, phone was offline.',
      minutesAfter: 60,
      read: false,
    },
  ],
  records: [
    { week: 7, day: 3, by: 'coach', body: 'Solid deadlifts, all reps looked the same.', minutesAfter: 180, read: true },
    {
      week: 11,
      day: 1,
      by: 'coach',
      body: 'New squat record! Great work.',
      minutesAfter: 140,
      read: true,
      set: { movement: 'Back squat', setNumber: 1 },
    },
    {
      week: 12,
      day: 1,
      by: 'coach',
      body: 'Another record on squat and bench. Congratulations!',
      minutesAfter: 150,
      read: false,
    },
  ],
}

type MessageSpec = { daysAgo: number; hour: number; by: 'coach' | 'client'; body: string }

export const CHATS: Record<Character, MessageSpec[]> = {
  steady: [
    { daysAgo: 82, hour: 9, by: 'coach', body: 'Welcome aboard, Maya! Your plan starts in a few days.' },
    { daysAgo: 82, hour: 12, by: 'client', body: 'Excited to start!' },
    { daysAgo: 40, hour: 19, by: 'client', body: 'Is it okay to train Thursday instead of Friday this week?' },
    { daysAgo: 40, hour: 20, by: 'coach', body: 'Of course, just keep a rest day between sessions.' },
    { daysAgo: 1, hour: 8, by: 'coach', body: 'Twelve weeks nearly done, proud of your consistency.' },
  ],
  misses: [
    { daysAgo: 82, hour: 9, by: 'coach', body: 'Welcome, Jordan! Any questions about the plan, ask here.' },
    { daysAgo: 45, hour: 18, by: 'client', body: 'Sorry, missed a couple of sessions. Busy at work.' },
    { daysAgo: 45, hour: 19, by: 'coach', body: 'No worries. Pick up where you left off, do not try to catch up.' },
    { daysAgo: 3, hour: 10, by: 'coach', body: 'Haven’t seen a session this week. All good?' },
    { daysAgo: 1, hour: 9, by: 'coach', body: 'Want to move your training days to the weekend?' },
  ],
  rpe_drift: [
    { daysAgo: 81, hour: 10, by: 'coach', body: 'Welcome, Priya! We build towards your meet.' },
    { daysAgo: 60, hour: 17, by: 'client', body: 'Should I wear my belt on the volume day too?' },
    { daysAgo: 60, hour: 18, by: 'coach', body: 'Only on the last set.' },
    { daysAgo: 2, hour: 21, by: 'client', body: 'Everything felt heavy today. Should I be worried?' },
  ],
  swaps: [
    { daysAgo: 82, hour: 11, by: 'coach', body: 'Welcome, Sam! If the gym is busy, swaps are fine, just log them.' },
    { daysAgo: 78, hour: 19, by: 'client', body: 'Swapped rows for dumbbell rows, hope that is okay.' },
    { daysAgo: 78, hour: 20, by: 'coach', body: 'Perfect, that is what swaps are for.' },
    { daysAgo: 2, hour: 20, by: 'client', body: 'Added a set on bench again, felt too good to stop.' },
  ],
  records: [
    { daysAgo: 82, hour: 9, by: 'coach', body: 'Welcome, Leo! Big goals for the squat this block.' },
    { daysAgo: 30, hour: 18, by: 'client', body: 'Deload done, ready to push.' },
    { daysAgo: 9, hour: 19, by: 'client', body: 'Squat PR today!' },
    { daysAgo: 9, hour: 20, by: 'coach', body: 'Saw it, brilliant. Keep the form tight.' },
    { daysAgo: 2, hour: 19, by: 'client', body: 'And another one. Can we test a max after the block?' },
  ],
}

export function bodyWeightRows(client: DemoClient, clientId: string): (typeof bodyWeights.$inferInsert)[] {
  const random = mulberry32(client.seed + 2)
  const rows: (typeof bodyWeights.$inferInsert)[] = []
  for (let offset = START_OFFSET - 3; offset <= 0; offset++) {
    const noise = (random() - 0.5) * 0.8
    // A reading most days for the daily weighers (a day off now and then), a few a week for the others.
    const takes =
      client.bodyWeight.everyNthDay === 1
        ? random() > 0.12
        : (offset - START_OFFSET) % client.bodyWeight.everyNthDay === 0
    if (!takes) continue
    const kg =
      Math.round((client.bodyWeight.start + client.bodyWeight.perDay * (offset - START_OFFSET) + noise) * 10) / 10
    const when = at(offset, 7, 15)
    rows.push({
      clientId,
      measuredOn: isoDate(dayFromToday(offset)),
      weightKg: client.unit === 'lb' ? toKg(Math.round((kg / KG_PER_LB) * 5) / 5, 'lb') : kg,
      createdAt: when,
      updatedAt: when,
    })
  }
  return rows
}
