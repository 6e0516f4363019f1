import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  chatApiText,
  ConversationsSchema,
  MessageSchema,
  MessagesPageSchema,
  ReceiptSchema,
  type Message,
} from '#shared/schemas/chat.ts'
import { coachClients, messages } from '#server/db/schema/index.ts'
import {
  createTestApp,
  jsonHeaders,
  signIn,
  type SignedIn,
  type TestContext,
} from '../../../../tests/helpers/test-app.ts'
import { readEvents } from '../../../../tests/helpers/sse.ts'
import { MAX_STREAMS_PER_USER } from './chat.hub.ts'

let t: TestContext
let coach: SignedIn
let client: SignedIn
let otherCoach: SignedIn
let otherClient: SignedIn

const call = (who: SignedIn | undefined, method: string, path: string, body?: unknown) =>
  t.app.request(path, {
    method,
    headers: jsonHeaders(who),
    body: body === undefined ? undefined : JSON.stringify(body),
  })

async function say(from: SignedIn, to: SignedIn, body: string, id = randomUUID()): Promise<Message> {
  const res = await call(from, 'POST', `/api/chat/${to.id}/messages`, { id, body })
  expect(res.status, await res.clone().text()).toBe(201)
  return MessageSchema.parse(await res.json())
}

async function page(who: SignedIn, other: SignedIn, query = '') {
  const res = await call(who, 'GET', `/api/chat/${other.id}/messages${query}`)
  expect(res.status, await res.clone().text()).toBe(200)
  return MessagesPageSchema.parse(await res.json())
}

async function conversations(who: SignedIn) {
  return ConversationsSchema.parse(await (await call(who, 'GET', '/api/chat/conversations')).json())
}

async function openStream(who: SignedIn, query = '') {
  const res = await call(who, 'GET', `/api/chat/stream${query}`)
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toContain('text/event-stream')
  if (!res.body) throw new Error('no stream body')
  const events = readEvents(res.body)
  await events.next((e) => e.event === 'ready')
  return events
}

beforeAll(async () => {
  t = await createTestApp()
  coach = await signIn(t, { role: 'coach', displayName: 'Coach Carla' })
  client = await signIn(t, { role: 'client', displayName: 'Lifter Lee' })
  otherCoach = await signIn(t, { role: 'coach', displayName: 'Coach Other' })
  otherClient = await signIn(t, { role: 'client', displayName: 'Other Lifter' })
  await t.db.insert(coachClients).values([
    { coachId: coach.id, clientId: client.id },
    { coachId: otherCoach.id, clientId: otherClient.id },
  ])
})
afterAll(() => t.close())

describe('chat', () => {
  test('a coach and their client write to each other; pages go back in time; unread counts rise and clear', async () => {
    const sent = []
    for (let i = 1; i <= 35; i++) sent.push(await say(i % 2 ? coach : client, i % 2 ? client : coach, `Message ${i}`))

    const newest = await page(client, coach)
    expect(newest.items.map((m) => m.body)).toEqual(sent.slice(5).map((m) => m.body))
    expect(newest.hasMore).toBe(true)
    expect(newest.conversation).toMatchObject({ otherId: coach.id, otherName: 'Coach Carla', active: true, unread: 18 })
    const older = await page(client, coach, `?before=${newest.items[0]?.seq}`)
    expect(older.items.map((m) => m.body)).toEqual(['Message 1', 'Message 2', 'Message 3', 'Message 4', 'Message 5'])
    expect(older.hasMore).toBe(false)
    const after = await page(client, coach, `?after=${sent[32]?.seq}`)
    expect(after.items.map((m) => m.body)).toEqual(['Message 34', 'Message 35'])
    expect(after.hasMore).toBe(false)
    const firstOfAfter = await page(client, coach, `?after=${sent[32]?.seq}&limit=1`)
    expect([firstOfAfter.items.map((m) => m.body), firstOfAfter.hasMore]).toEqual([['Message 34'], true])

    // Listing delivered the coach's messages to the client; reading them clears the count.
    expect((await page(coach, client)).items.filter((m) => m.senderId === coach.id).every((m) => m.deliveredAt)).toBe(
      true,
    )
    expect((await conversations(client)).unread).toBe(18)
    expect((await conversations(coach)).items).toMatchObject([
      { otherId: client.id, otherName: 'Lifter Lee', unread: 17, lastMessage: { body: 'Message 35' } },
    ])
    expect((await call(client, 'POST', `/api/chat/${coach.id}/read`, { upTo: sent[30]?.seq })).status).toBe(204)
    expect((await conversations(client)).unread).toBe(2)
    await call(client, 'POST', `/api/chat/${coach.id}/read`, { upTo: sent[34]?.seq })
    expect((await conversations(client)).unread).toBe(0)
    expect((await page(coach, client)).items.filter((m) => m.senderId === coach.id).every((m) => m.readAt)).toBe(true)
  })

  test('the same message sent five times is stored once; another body under its id is refused', async () => {
    const id = randomUUID()
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(client, 'POST', `/api/chat/${coach.id}/messages`, { id, body: 'Only once' }),
      ),
    )
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 201])
    expect(await t.db.select().from(messages).where(eq(messages.id, id))).toHaveLength(1)
    const other = await call(client, 'POST', `/api/chat/${coach.id}/messages`, { id, body: 'Something else' })
    expect(other.status).toBe(409)
    expect(await other.json()).toMatchObject({ message: chatApiText.idTaken })
    // Nobody else can claim it either.
    expect((await call(coach, 'POST', `/api/chat/${client.id}/messages`, { id, body: 'Only once' })).status).toBe(409)
  })

  test('4,000 characters are accepted, 4,001 and blank messages are refused with a clear message', async () => {
    expect(
      (await call(coach, 'POST', `/api/chat/${client.id}/messages`, { id: randomUUID(), body: 'x'.repeat(4000) }))
        .status,
    ).toBe(201)
    const long = await call(coach, 'POST', `/api/chat/${client.id}/messages`, {
      id: randomUUID(),
      body: 'x'.repeat(4001),
    })
    expect(long.status).toBe(400)
    expect(await long.json()).toMatchObject({ fields: { body: [chatApiText.bodyTooLong] } })
    const blank = await call(coach, 'POST', `/api/chat/${client.id}/messages`, { id: randomUUID(), body: '  \n ' })
    expect(await blank.json()).toMatchObject({ fields: { body: [chatApiText.bodyRequired] } })
    expect(
      (await call(coach, 'POST', `/api/chat/${client.id}/messages`, { id: 'not-a-uuid', body: 'hi' })).status,
    ).toBe(400)
    expect((await call(coach, 'GET', `/api/chat/${client.id}/messages?before=abc`)).status).toBe(400)
    expect((await call(coach, 'GET', `/api/chat/${client.id}/messages?limit=1000`)).status).toBe(400)
  })

  test('a third user cannot read, send to or stream a conversation, and their own stream hears nothing of it', async () => {
    const intruders: [SignedIn, SignedIn][] = [
      [otherCoach, client],
      [otherClient, coach],
      [otherClient, client],
      [otherCoach, coach],
    ]
    for (const [who, target] of intruders) {
      for (const res of [
        await call(who, 'GET', `/api/chat/${target.id}/messages`),
        await call(who, 'POST', `/api/chat/${target.id}/messages`, { id: randomUUID(), body: 'Let me in' }),
        await call(who, 'POST', `/api/chat/${target.id}/read`, { upTo: 1_000_000 }),
        await call(who, 'GET', `/api/chat/stream?with=${target.id}`),
      ]) {
        expect(res.status).toBe(403)
        expect(await res.json()).toMatchObject({ message: chatApiText.notLinked })
      }
    }
    expect((await call(undefined, 'GET', '/api/chat/stream')).status).toBe(401)
    const overhearing = await openStream(otherClient)
    const listening = await openStream(client)
    const secret = await say(coach, client, 'Between us')
    await listening.next((e) => e.event === 'message' && e.data.includes(secret.id))
    await expect(overhearing.next((e) => e.event === 'message', 500)).rejects.toThrow(/no matching event/)
    expect(await t.db.select().from(messages).where(eq(messages.senderId, otherClient.id))).toEqual([])
    await overhearing.close()
    await listening.close()
  })

  test('live: the stream brings the other side’s message, then the sender hears delivered and read', async () => {
    const coachStream = await openStream(coach, `?with=${client.id}`)
    const clientStream = await openStream(client)
    const message = await say(coach, client, 'Squats at 100 today')
    const arrived = MessageSchema.parse(
      JSON.parse((await clientStream.next((e) => e.event === 'message' && e.data.includes(message.id))).data),
    )
    expect(arrived).toMatchObject({ body: 'Squats at 100 today', senderId: coach.id })
    // The sender's own stream carries the message too (another tab of theirs shows it).
    await coachStream.next((e) => e.event === 'message' && e.data.includes(message.id))
    // (Receipts of earlier messages may come first.)
    const receiptFor = (kind: string) => (e: { event: string; data: string }) =>
      e.event === 'receipt' && e.data.includes(`"${kind}"`) && e.data.includes(`"upTo":${message.seq}`)
    const delivered = ReceiptSchema.parse(JSON.parse((await coachStream.next(receiptFor('delivered'))).data))
    expect(delivered).toMatchObject({ kind: 'delivered', by: client.id, upTo: message.seq })
    await call(client, 'POST', `/api/chat/${coach.id}/read`, { upTo: message.seq })
    expect(JSON.parse((await coachStream.next(receiptFor('read'))).data)).toMatchObject({
      kind: 'read',
      by: client.id,
      upTo: message.seq,
    })
    await coachStream.close()
    await clientStream.close()
  })

  test('a stream opened with `since` first replays what was missed', async () => {
    const before = await say(client, coach, 'Before the tunnel')
    const missed = [await say(coach, client, 'In the tunnel 1'), await say(coach, client, 'In the tunnel 2')]
    const stream = await openStream(client, `?since=${before.seq}`)
    // In order; a few recent ones may come again (a message can commit after a later seq): the app dedupes by id.
    const first = await stream.next((e) => e.event === 'message' && e.data.includes(missed[0]?.id ?? '-'))
    const second = await stream.next((e) => e.event === 'message' && e.data.includes(missed[1]?.id ?? '-'))
    expect(Number(second.id)).toBeGreaterThan(Number(first.id))
    await stream.close()
  })

  test(`one account holds at most ${MAX_STREAMS_PER_USER} streams: the next is refused with 429 until one closes`, async () => {
    const busy = await signIn(t, { role: 'client', displayName: 'Many Tabs' })
    const streams = []
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) streams.push(await openStream(busy))
    const refused = await call(busy, 'GET', '/api/chat/stream')
    expect(refused.status).toBe(429)
    expect(await refused.json()).toEqual({ code: 'RATE_LIMITED', message: chatApiText.tooManyStreams })
    // Someone else is not affected.
    const other = await openStream(otherClient)
    await other.close()
    await streams.pop()?.close()
    let reopened: Response | undefined
    for (let i = 0; i < 50 && reopened?.status !== 200; i++) {
      await reopened?.body?.cancel()
      await new Promise((r) => setTimeout(r, 20))
      reopened = await call(busy, 'GET', '/api/chat/stream')
    }
    expect(reopened?.status).toBe(200)
    await reopened?.body?.cancel()
    for (const s of streams) await s.close()
  })

  test('an archived link leaves the conversation readable but read-only, on both sides', async () => {
    const former = await signIn(t, { role: 'client', displayName: 'Former Client' })
    await t.db.insert(coachClients).values({ coachId: coach.id, clientId: former.id })
    await say(former, coach, 'Thanks for everything')
    await t.db
      .update(coachClients)
      .set({ status: 'archived', endedAt: new Date() })
      .where(and(eq(coachClients.coachId, coach.id), eq(coachClients.clientId, former.id)))
    for (const [who, other] of [
      [coach, former],
      [former, coach],
    ] as const) {
      const res = await call(who, 'POST', `/api/chat/${other.id}/messages`, { id: randomUUID(), body: 'Still there?' })
      expect(res.status).toBe(403)
      expect(await res.json()).toMatchObject({ message: chatApiText.readOnly })
      const history = await page(who, other)
      expect(history.conversation.active).toBe(false)
      expect(history.items.map((m) => m.body)).toEqual(['Thanks for everything'])
    }
    expect((await conversations(former)).items).toMatchObject([{ otherId: coach.id, active: false }])
  })
})
