import { sql, type SQL } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { queryRows } from '#server/db/client.ts'
import { coachClients } from '#server/db/schema/index.ts'
import { AppError } from '#server/lib/app-error.ts'
import { createTestApp, signIn, type SignedIn, type TestContext } from '../../../tests/helpers/test-app.ts'
import type { Actor } from './actor.ts'
import {
  activeClientIds,
  activeCoachIdOf,
  activeCoachIds,
  assertCanReadClient,
  canReadClient,
  coachingLinkStatus,
  hasActiveCoach,
  isActiveCoachOf,
} from './coaching.ts'

let t: TestContext
/** `coach` coaches `client`; `formerCoach` coached `client` before (archived); `otherCoach` coaches `otherClient`; `loner` has no coach. */
let coach: SignedIn
let formerCoach: SignedIn
let otherCoach: SignedIn
let client: SignedIn
let otherClient: SignedIn
let loner: SignedIn

const asCoach = (who: SignedIn): Actor => ({ id: who.id, role: 'coach' })
const asClient = (who: SignedIn): Actor => ({ id: who.id, role: 'client' })

beforeAll(async () => {
  t = await createTestApp()
  coach = await signIn(t, { role: 'coach' })
  formerCoach = await signIn(t, { role: 'coach' })
  otherCoach = await signIn(t, { role: 'coach' })
  client = await signIn(t, { role: 'client' })
  otherClient = await signIn(t, { role: 'client' })
  loner = await signIn(t, { role: 'client' })
  await t.db.insert(coachClients).values([
    {
      coachId: formerCoach.id,
      clientId: client.id,
      status: 'archived',
      since: new Date('2026-01-01'),
      endedAt: new Date('2026-02-01'),
    },
    { coachId: coach.id, clientId: client.id },
    { coachId: otherCoach.id, clientId: otherClient.id },
  ])
})
afterAll(() => t.close())

describe('the active coach', () => {
  test('is the one coach with an active link; an archived link and no link are none', async () => {
    expect(await activeCoachIdOf(t.db, client.id)).toBe(coach.id)
    expect(await activeCoachIdOf(t.db, loner.id)).toBeNull()
    expect(await hasActiveCoach(t.db, client.id)).toBe(true)
    expect(await hasActiveCoach(t.db, loner.id)).toBe(false)

    expect(await isActiveCoachOf(t.db, coach.id, client.id)).toBe(true)
    expect(await isActiveCoachOf(t.db, formerCoach.id, client.id)).toBe(false)
    expect(await isActiveCoachOf(t.db, otherCoach.id, client.id)).toBe(false)
    expect(await isActiveCoachOf(t.db, coach.id, loner.id)).toBe(false)
    // The link has a direction: the client is not their coach's coach.
    expect(await isActiveCoachOf(t.db, client.id, coach.id)).toBe(false)
  })

  test('inside a transaction, a link it made counts and one it archived does not', async () => {
    await t.db
      .transaction(async (tx) => {
        await tx.insert(coachClients).values({ coachId: otherCoach.id, clientId: loner.id })
        expect(await activeCoachIdOf(tx, loner.id)).toBe(otherCoach.id)
        expect(await isActiveCoachOf(tx, otherCoach.id, loner.id)).toBe(true)
        await tx
          .update(coachClients)
          .set({ status: 'archived' })
          .where(sql`${coachClients.clientId} = ${loner.id}`)
        expect(await hasActiveCoach(tx, loner.id)).toBe(false)
        throw new Error('roll back')
      })
      .catch((error: unknown) => expect(String(error)).toContain('roll back'))
    expect(await activeCoachIdOf(t.db, loner.id)).toBeNull()
  })
})

describe("reading a client's data", () => {
  test('the active coach reads it', async () => {
    expect(await canReadClient(t.db, asCoach(coach), client.id)).toBe(true)
    await expect(assertCanReadClient(t.db, asCoach(coach), client.id, 'Not yours')).resolves.toBeUndefined()
  })

  test('a coach whose link is archived does not', async () => {
    expect(await canReadClient(t.db, asCoach(formerCoach), client.id)).toBe(false)
  })

  test('another coach does not', async () => {
    expect(await canReadClient(t.db, asCoach(otherCoach), client.id)).toBe(false)
    expect(await canReadClient(t.db, asCoach(coach), otherClient.id)).toBe(false)
  })

  test('the client reads their own, with or without a coach', async () => {
    expect(await canReadClient(t.db, asClient(client), client.id)).toBe(true)
    expect(await canReadClient(t.db, asClient(loner), loner.id)).toBe(true)
  })

  test('no one else reads a client who has no coach', async () => {
    expect(await canReadClient(t.db, asCoach(coach), loner.id)).toBe(false)
    expect(await canReadClient(t.db, asClient(client), loner.id)).toBe(false)
  })

  test("a client does not read another client's data, nor their coach's", async () => {
    expect(await canReadClient(t.db, asClient(otherClient), client.id)).toBe(false)
    expect(await canReadClient(t.db, asClient(client), coach.id)).toBe(false)
  })

  test('a refusal is a 403 with the message the feature chose', async () => {
    const refusal = await assertCanReadClient(
      t.db,
      asCoach(formerCoach),
      client.id,
      'You no longer coach this client',
    ).catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(AppError)
    expect(refusal).toMatchObject({ code: 'FORBIDDEN', message: 'You no longer coach this client' })
  })
})

describe('the link between a coach and a client', () => {
  test('is active while one is active, archived after, and null if they never were linked', async () => {
    expect(await coachingLinkStatus(t.db, coach.id, client.id)).toBe('active')
    expect(await coachingLinkStatus(t.db, formerCoach.id, client.id)).toBe('archived')
    expect(await coachingLinkStatus(t.db, otherCoach.id, client.id)).toBeNull()
    expect(await coachingLinkStatus(t.db, client.id, coach.id)).toBeNull()
  })

  test('an active link wins over an older archived one between the same two', async () => {
    const returning = await signIn(t, { role: 'client' })
    await t.db.insert(coachClients).values([
      {
        coachId: formerCoach.id,
        clientId: returning.id,
        status: 'archived',
        since: new Date('2026-01-01'),
        endedAt: new Date('2026-02-01'),
      },
      { coachId: formerCoach.id, clientId: returning.id, since: new Date('2026-03-01') },
    ])
    expect(await coachingLinkStatus(t.db, formerCoach.id, returning.id)).toBe('active')
  })
})

describe('the raw-SQL subqueries', () => {
  const ids = async (query: SQL) => (await queryRows<{ id: string }>(t.db, query)).map((r) => r.id).sort()

  test("a coach's active clients: not the archived ones, not another coach's", async () => {
    expect(await ids(sql`select id from profiles where id in ${activeClientIds(coach.id)}`)).toEqual([client.id])
    expect(await ids(sql`select id from profiles where id in ${activeClientIds(formerCoach.id)}`)).not.toContain(
      client.id,
    )
    expect(await ids(sql`select id from profiles where id in ${activeClientIds(otherCoach.id)}`)).toEqual([
      otherClient.id,
    ])
  })

  test("a client's active coach: none for a client without one", async () => {
    expect(await ids(sql`select id from profiles where id in ${activeCoachIds(client.id)}`)).toEqual([coach.id])
    expect(await ids(sql`select id from profiles where id in ${activeCoachIds(loner.id)}`)).toEqual([])
  })
})
