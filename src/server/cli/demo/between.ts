/*
 * The demo between sessions (docs/demo.md): the coach's weekly check-in, sent to every client
 * since the plan began, answered week by week in each client's character, with the coach's
 * comments; and two habits each, ticked most days.
 */
import { randomUUID } from 'node:crypto'
import { meets } from '#shared/habits.ts'
import type { Question } from '#shared/schemas/check-ins.ts'
import type { Tx } from '#server/db/client.ts'
import {
  checkInComments,
  checkIns,
  checkInSchedules,
  checkInTemplates,
  habitEntries,
  habits,
} from '#server/db/schema/index.ts'
import { at, isoDate, dayFromToday, mulberry32, START_OFFSET, type DemoClient } from './cast.ts'

const QUESTIONS: Question[] = [
  { id: 'sleep', kind: 'scale', label: 'How did you sleep this week?', required: true },
  { id: 'energy', kind: 'scale', label: 'Energy in training', required: true },
  { id: 'stress', kind: 'scale', label: 'Stress outside the gym' },
  { id: 'steps', kind: 'number', label: 'Average daily steps', unit: 'steps' },
  { id: 'wins', kind: 'longText', label: 'Wins of the week' },
  { id: 'photos', kind: 'photos', label: 'Progress photos: front, side, back' },
]

const WINS = [
  'Hit every session.',
  'Slept better after cutting late coffee.',
  'Felt strong on squats.',
  'Meal prep on Sunday helped a lot.',
  'Busy week at work, still got it done.',
]

/** The coach's weekly check-in form, made once. */
export async function demoCheckInForm(tx: Tx, coachId: string): Promise<string> {
  const [form] = await tx
    .insert(checkInTemplates)
    .values({ coachId, name: 'Weekly check-in', questions: QUESTIONS })
    .returning({ id: checkInTemplates.id })
  return form?.id ?? ''
}

/**
 * A client's weekly check-ins since the plan began, on the plan's first weekday: answered in their
 * character ('misses' left the last one out and sleeps worse lately), the latest commented on.
 */
export async function seedCheckIns(tx: Tx, coachId: string, formId: string, client: DemoClient, clientId: string) {
  const random = mulberry32(client.seed + 7)
  const startsOn = isoDate(dayFromToday(START_OFFSET))
  const [schedule] = await tx
    .insert(checkInSchedules)
    .values({
      formId,
      clientId,
      coachId,
      cadence: 'every',
      everyDays: 7,
      startsOn,
      createdAt: at(START_OFFSET - 1, 9),
    })
    .returning({ id: checkInSchedules.id })
  const scheduleId = schedule?.id ?? ''
  const rows: (typeof checkIns.$inferInsert)[] = []
  // Answers drift a step at a time, so no week stands out to the coach ('Needs you today' flags a
  // scale two points apart, steps a quarter apart): the demo's reasons stay those of its story.
  const step = (value: number, low: number, high: number) =>
    Math.min(high, Math.max(low, value + Math.round(random() * 2 - 1)))
  let sleep = 4
  let energy = 4
  let stress = 2
  const steps = 7000 + Math.round(random() * 30) * 100
  for (let offset = START_OFFSET, week = 0; offset <= 0; offset += 7, week++) {
    const last = offset + 7 > 0
    if (client.character === 'misses' && last) continue
    const tired = client.character === 'misses' && week >= 8
    sleep = tired ? Math.max(2, sleep - 1) : step(sleep, 3, 5)
    energy = tired ? Math.max(2, energy - 1) : step(energy, 3, 5)
    stress = step(stress, 1, 3)
    const lateBy = random() < 0.15 ? 1 : 0
    rows.push({
      id: randomUUID(),
      scheduleId,
      clientId,
      name: 'Weekly check-in',
      questions: QUESTIONS,
      answers: {
        sleep,
        energy,
        stress,
        steps: steps + Math.round((random() - 0.5) * 10) * 100,
        wins: WINS[Math.floor(random() * WINS.length)] as string,
      },
      dueOn: isoDate(dayFromToday(offset)),
      late: lateBy > 0,
      submittedAt: at(Math.min(0, offset + lateBy), 20),
    })
  }
  if (rows.length) await tx.insert(checkIns).values(rows)
  const latest = rows.at(-1)
  if (latest?.id)
    await tx.insert(checkInComments).values({
      checkInId: latest.id,
      authorId: coachId,
      body: 'Thanks for the check-in. Keep the sleep routine going this week.',
      createdAt: at(0, 8),
    })
}

/** Two habits a client follows since the plan began, ticked most days (fewer for 'misses'). */
export async function seedHabits(tx: Tx, coachId: string, client: DemoClient, clientId: string) {
  const random = mulberry32(client.seed + 11)
  const startsOn = isoDate(dayFromToday(START_OFFSET))
  const made = await tx
    .insert(habits)
    .values([
      {
        clientId,
        createdBy: coachId,
        name: 'Steps',
        kind: 'amount',
        unit: 'steps',
        target: 8000,
        position: 0,
        startsOn,
      },
      { clientId, createdBy: coachId, name: 'Protein', kind: 'amount', unit: 'g', target: 140, position: 1, startsOn },
    ])
    .returning({ id: habits.id, target: habits.target })
  const keepsAt = client.character === 'misses' ? 0.55 : 0.85
  const entries: (typeof habitEntries.$inferInsert)[] = []
  for (const habit of made)
    for (let offset = START_OFFSET; offset < 0; offset++) {
      if (random() > 0.9) continue
      const target = habit.target ?? 1
      const value = Math.round(target * (random() < keepsAt ? 1 + random() * 0.3 : 0.5 + random() * 0.45))
      entries.push({
        habitId: habit.id,
        entryOn: isoDate(dayFromToday(offset)),
        value,
        met: meets('amount', target, value),
      })
    }
  if (entries.length) await tx.insert(habitEntries).values(entries)
}
