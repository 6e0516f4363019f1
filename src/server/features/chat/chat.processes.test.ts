import { existsSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { MessageSchema } from '#shared/schemas/chat.ts'
import { startBuiltServer, type BuiltServer } from '../../../../tests/helpers/built-server.ts'
import { openTestDatabase } from '../../../../tests/helpers/test-app.ts'
import { readEvents } from '../../../../tests/helpers/sse.ts'
import type { Database } from '#server/db/client.ts'

/**
 * Two server processes (the built server, as production runs it) on one real PostgreSQL: a
 * message sent through one reaches a stream held on the other, through LISTEN/NOTIFY.
 */
describe('chat across two server processes', () => {
  let database: Database & { url: string }
  let a: BuiltServer
  let b: BuiltServer

  beforeAll(async () => {
    if (!existsSync('dist/server/index.js'))
      throw new Error('this test runs the built server: npm run build first (npm test does)')
    database = await openTestDatabase()
    ;[a, b] = await Promise.all([
      startBuiltServer({ DATABASE_URL: database.url }),
      startBuiltServer({ DATABASE_URL: database.url }),
    ])
  }, 90_000)
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()])
    await database?.close()
  })

  async function user(server: BuiltServer, role: 'coach' | 'client') {
    const email = `${role}-${crypto.randomUUID()}@example.test`
    const res = await fetch(`${server.url}/api/testing/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ email, role, displayName: `Two-process ${role}` }),
    })
    expect(res.status).toBe(201)
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ')
    return { ...((await res.json()) as { id: string }), email, cookie }
  }

  test('a message sent through process A reaches a stream held on process B within a second, and back', async () => {
    const coach = await user(a, 'coach')
    const client = await user(b, 'client')
    const linked = await fetch(`${a.url}/api/testing/coach-clients`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: a.url },
      body: JSON.stringify({ coachEmail: coach.email, clientEmail: client.email }),
    })
    expect(linked.status).toBe(201)

    const openOn = async (server: BuiltServer, who: { cookie: string }) => {
      const res = await fetch(`${server.url}/api/chat/stream`, { headers: { cookie: who.cookie } })
      expect(res.status).toBe(200)
      if (!res.body) throw new Error('no stream')
      const events = readEvents(res.body)
      await events.next((e) => e.event === 'ready')
      return events
    }
    const send = (server: BuiltServer, from: { cookie: string }, to: { id: string }, body: string) =>
      fetch(`${server.url}/api/chat/${to.id}/messages`, {
        method: 'POST',
        headers: { cookie: from.cookie, 'content-type': 'application/json', origin: server.url },
        body: JSON.stringify({ id: crypto.randomUUID(), body }),
      })

    const clientOnB = await openOn(b, client)
    const coachOnA = await openOn(a, coach)
    for (const [server, from, to, stream, text] of [
      [a, coach, client, clientOnB, 'Sent through A'],
      [b, client, coach, coachOnA, 'Sent through B'],
    ] as const) {
      const started = performance.now()
      const res = await send(server, from, to, text)
      expect(res.status).toBe(201)
      const { id } = MessageSchema.parse(await res.json())
      const event = await stream.next((e) => e.event === 'message' && e.data.includes(id), 1000)
      expect(performance.now() - started).toBeLessThan(1000)
      expect(MessageSchema.parse(JSON.parse(event.data))).toMatchObject({ body: text, senderId: from.id })
    }
    // The recipient's process marked it delivered; the sender's process tells the sender.
    await coachOnA.next((e) => e.event === 'receipt' && e.data.includes('"delivered"'), 1000)
    await clientOnB.close()
    await coachOnA.close()
  }, 30_000)
})
