import { randomUUID } from 'node:crypto'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { coachClients } from '#server/db/schema/index.ts'
import {
  createTestApp,
  jsonHeaders,
  signIn,
  type SignedIn,
  type TestContext,
} from '../../../../tests/helpers/test-app.ts'
import { DIGEST_AFTER_MS, sendMessageDigests } from './chat.digest.ts'

let t: TestContext
let coach: SignedIn
let client: SignedIn
const logger = pino({ level: 'silent' })

const say = async (from: SignedIn, to: SignedIn, body: string) => {
  const res = await t.app.request(`/api/chat/${to.id}/messages`, {
    method: 'POST',
    headers: jsonHeaders(from),
    body: JSON.stringify({ id: randomUUID(), body }),
  })
  expect(res.status).toBe(201)
  return (await res.json()) as { seq: number }
}
const mailsTo = async (who: SignedIn) =>
  (
    (await (await t.app.request('/api/dev/outbox')).json()) as {
      to: string
      subject: string
      text: string
      links: string[]
    }[]
  ).filter((m) => m.to === who.email && m.subject.includes('unread'))
const digest = (minutesFromNow: number) =>
  sendMessageDigests({
    db: t.db,
    mailer: t.mailer,
    logger,
    origin: 'http://127.0.0.1:3000',
    now: new Date(Date.now() + minutesFromNow * 60_000),
  })

beforeAll(async () => {
  t = await createTestApp()
  coach = await signIn(t, { role: 'coach', displayName: 'Coach Carla' })
  client = await signIn(t, { role: 'client', displayName: 'Lifter Lee' })
  await t.db.insert(coachClients).values({ coachId: coach.id, clientId: client.id })
})
afterAll(() => t.close())

describe('the unread-messages email', () => {
  test('after 30 minutes unread, one email says who wrote and links to the chat; never twice; not to who switched it off', async () => {
    expect(
      (
        await t.app.request('/api/profile', {
          method: 'PATCH',
          headers: jsonHeaders(coach),
          body: JSON.stringify({ messageDigest: false }),
        })
      ).status,
    ).toBe(200)
    await say(coach, client, 'How did the squats go?')
    await say(coach, client, 'Send me a video')
    await say(client, coach, 'Will do')

    expect(await digest(DIGEST_AFTER_MS / 60_000 - 1)).toBe(0)
    expect(await mailsTo(client)).toEqual([])

    expect(await digest(31)).toBe(1)
    const [mail, ...more] = await mailsTo(client)
    expect(more).toEqual([])
    expect(mail?.subject).toBe('You have 2 unread messages on Coachline')
    expect(mail?.text).toContain('Coach Carla: 2 unread messages')
    expect(mail?.links).toContain('http://127.0.0.1:3000/chat')
    // The coach switched it off.
    expect(await mailsTo(coach)).toEqual([])

    expect(await digest(60)).toBe(0)
    expect(await mailsTo(client)).toHaveLength(1)
  })

  test('a message read in time is never mailed', async () => {
    const before = (await mailsTo(coach)).length
    expect(
      (
        await t.app.request('/api/profile', {
          method: 'PATCH',
          headers: jsonHeaders(coach),
          body: JSON.stringify({ messageDigest: true }),
        })
      ).status,
    ).toBe(200)
    const read = await say(client, coach, 'Read me now')
    await t.app.request(`/api/chat/${client.id}/read`, {
      method: 'POST',
      headers: jsonHeaders(coach),
      body: JSON.stringify({ upTo: read.seq }),
    })
    expect(await digest(31)).toBe(0)
    await say(client, coach, 'But not this one')
    expect(await digest(31)).toBe(1)
    const mails = await mailsTo(coach)
    expect(mails).toHaveLength(before + 1)
    expect(mails[0]?.text).toContain('Lifter Lee: 1 unread message.')
    expect(mails[0]?.links).toContain(`http://127.0.0.1:3000/coach/chat/${client.id}`)
  })

  test('a coach written to by several clients is sent to the dashboard, which lists them all', async () => {
    const second = await signIn(t, { role: 'client', displayName: 'Second Sam' })
    await t.db.insert(coachClients).values({ coachId: coach.id, clientId: second.id })
    const before = (await mailsTo(coach)).length
    await say(client, coach, 'From Lee')
    await say(second, coach, 'From Sam')
    expect(await digest(31)).toBe(1)
    const mails = await mailsTo(coach)
    expect(mails).toHaveLength(before + 1)
    expect(mails[0]?.text).toMatch(
      /Lifter Lee: 1 unread message; Second Sam: 1 unread message|Second Sam: 1 unread message; Lifter Lee: 1 unread message/,
    )
    expect(mails[0]?.links).toContain('http://127.0.0.1:3000/coach')
  })
})
