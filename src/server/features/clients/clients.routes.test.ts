import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import * as z from 'zod/mini'
import { ActiveClientSchema } from '#shared/schemas/clients.ts'
import { coachClients } from '../../db/schema/index.ts'
import { createTestApp, jsonHeaders, signIn, type SignedIn, type TestContext } from '../../../../tests/helpers/test-app.ts'

let t: TestContext
let coach: SignedIn
let otherCoach: SignedIn

beforeAll(async () => {
  t = await createTestApp()
  coach = await signIn(t, { role: 'coach' })
  otherCoach = await signIn(t, { role: 'coach' })
})
afterAll(() => t.close())

const send = async (who: SignedIn, method: string, path: string, body?: unknown) =>
  t.app.request(path, { method, headers: jsonHeaders(who), body: body === undefined ? undefined : JSON.stringify(body) })

async function list(who: SignedIn) {
  const res = await send(who, 'GET', '/api/clients')
  expect(res.status, await res.clone().text()).toBe(200)
  return z.array(ActiveClientSchema).parse(await res.json())
}

describe('GET /api/clients', () => {
  test("lists the coach's active clients by display name, with the active plan the coach assigned", async () => {
    const zoe = await signIn(t, { role: 'client', displayName: 'zoe Park' })
    const adam = await signIn(t, { role: 'client', displayName: 'Adam Lee' })
    const former = await signIn(t, { role: 'client', displayName: 'Beth Former' })
    const theirs = await signIn(t, { role: 'client', displayName: 'Carl Theirs' })
    await t.db.insert(coachClients).values([
      { coachId: coach.id, clientId: zoe.id },
      { coachId: coach.id, clientId: adam.id },
      { coachId: coach.id, clientId: former.id, status: 'archived', endedAt: new Date() },
      { coachId: otherCoach.id, clientId: theirs.id },
    ])
    const plan = (await (await send(coach, 'POST', '/api/plans', { name: 'Base block', weeks: 4, daysPerWeek: 3 })).json()) as { id: string }
    const assigned = await send(coach, 'POST', `/api/plans/${plan.id}/assign`, { clientId: zoe.id, startDate: '2026-12-07' })
    const assignedId = ((await assigned.json()) as { id: string }).id

    const clients = await list(coach)
    expect(clients.map((c) => c.displayName)).toEqual(['Adam Lee', 'zoe Park'])
    expect(clients[0]).toEqual({ clientId: adam.id, displayName: 'Adam Lee', primaryGoal: null, experienceLevel: null, email: adam.email, since: expect.any(String), activePlan: null })
    expect(clients[1]).toMatchObject({ clientId: zoe.id, email: zoe.email, activePlan: { id: assignedId, name: 'Base block', startDate: '2026-12-07' } })
    expect(Number.isNaN(Date.parse(clients[1]?.since ?? ''))).toBe(false)

    // An archived plan is no longer the active one.
    await send(coach, 'POST', `/api/plans/${assignedId}/archive`)
    expect((await list(coach)).find((c) => c.clientId === zoe.id)?.activePlan).toBeNull()
    expect((await list(otherCoach)).map((c) => c.clientId)).toEqual([theirs.id])
  })

  test('only coaches may list clients', async () => {
    const client = await signIn(t, { role: 'client' })
    const res = await send(client, 'GET', '/api/clients')
    expect(res.status).toBe(403)
    expect((await t.app.request('/api/clients')).status).toBe(401)
  })
})

describe('POST /api/clients/:clientId/archive', () => {
  test('ends the link: the client leaves the roster, keeps their plan, and the coach can no longer assign to them', async () => {
    const client = await signIn(t, { role: 'client', displayName: 'Leaving Lee' })
    await t.db.insert(coachClients).values({ coachId: coach.id, clientId: client.id })
    const plan = (await (await send(coach, 'POST', '/api/plans', { name: 'Last block', weeks: 2, daysPerWeek: 2 })).json()) as { id: string }
    const assigned = (await (await send(coach, 'POST', `/api/plans/${plan.id}/assign`, { clientId: client.id, startDate: '2026-12-07' })).json()) as { id: string }

    expect((await send(otherCoach, 'POST', `/api/clients/${client.id}/archive`)).status).toBe(403)
    expect((await send(coach, 'POST', `/api/clients/${client.id}/archive`)).status).toBe(204)
    expect((await list(coach)).map((c) => c.clientId)).not.toContain(client.id)
    expect((await send(client, 'GET', `/api/plans/${assigned.id}`)).status).toBe(200)
    expect((await send(coach, 'POST', `/api/plans/${plan.id}/assign`, { clientId: client.id, startDate: '2026-12-14' })).status).toBe(403)
    expect((await send(coach, 'POST', `/api/clients/${client.id}/archive`)).status).toBe(403)
  })
})
