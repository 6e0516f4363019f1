import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { ApiErrorBodySchema } from '#shared/errors.ts'
import { apiTokenText } from '#shared/schemas/api-tokens.ts'
import { AcceptInviteResultSchema, InvitePreviewSchema, InviteSchema, inviteApiText } from '#shared/schemas/invites.ts'
import { clientInvites, coachClients, outboxMails, pushOutbox, trainingPlans } from '#server/db/schema/index.ts'
import {
  createTestApp,
  jsonHeaders,
  latestMail,
  signIn,
  whoIs,
  withToken,
  type SignedIn,
  type TestContext,
} from '../../../../tests/helpers/test-app.ts'

let t: TestContext
let coach: SignedIn
let otherCoach: SignedIn
let planId: string

const send = async (who: SignedIn | undefined, method: string, path: string, body?: unknown) =>
  t.app.request(path, {
    method,
    headers: jsonHeaders(who),
    body: body === undefined ? undefined : JSON.stringify(body),
  })

beforeAll(async () => {
  t = await createTestApp()
  coach = await signIn(t, { role: 'coach', displayName: 'Coach Carla' })
  otherCoach = await signIn(t, { role: 'coach', displayName: 'Coach Other' })
  const plan = await send(coach, 'POST', '/api/plans', { name: 'Base block', weeks: 4, daysPerWeek: 3 })
  planId = ((await plan.json()) as { id: string }).id
})
afterAll(() => t.close())

async function invite(email: string, from = coach, plan = planId) {
  const res = await send(from, 'POST', '/api/invites', { email, planId: plan })
  expect(res.status, await res.clone().text()).toBe(201)
  const created = InviteSchema.parse(await res.json())
  const token = created.link?.split('/invite/')[1]
  if (!token) throw new Error('no link')
  return { ...created, token }
}

async function accept(who: SignedIn, token: string) {
  const res = await send(who, 'POST', '/api/invites/accept', { token })
  expect(res.status, await res.clone().text()).toBe(200)
  return AcceptInviteResultSchema.parse(await res.json())
}

describe('inviting', () => {
  test('deleting a plan that invites point at archives it instead, and its open invites stop working', async () => {
    const plan = (
      (await (await send(coach, 'POST', '/api/plans', { name: 'Short block', weeks: 2, daysPerWeek: 2 })).json()) as {
        id: string
      }
    ).id
    const open = await invite('deleted-plan@example.test', coach, plan)
    const removed = await send(coach, 'DELETE', `/api/plans/${plan}`)
    expect(removed.status).toBe(200)
    expect(await removed.json()).toEqual({ archived: true })
    const [row] = await t.db.select().from(clientInvites).where(eq(clientInvites.id, open.id))
    expect(row?.revokedAt).not.toBeNull()
    expect((await send(undefined, 'GET', `/api/invites/preview/${open.token}`)).status).toBe(404)
  })

  test('when the email cannot be sent, nothing changes: no new invite, and the open one keeps working', async () => {
    const first = await invite('smtp-down@example.test')
    vi.spyOn(t.mailer, 'send').mockRejectedValueOnce(new Error('SMTP server unreachable'))
    const failed = await send(coach, 'POST', '/api/invites', { email: 'smtp-down@example.test', planId })
    expect(failed.status).toBe(503)
    expect(await failed.json()).toMatchObject({ message: inviteApiText.mailFailed })
    const rows = await t.db.select().from(clientInvites).where(eq(clientInvites.email, 'smtp-down@example.test'))
    expect(rows.map((r) => [r.id, r.revokedAt])).toEqual([[first.id, null]])
    expect((await send(undefined, 'GET', `/api/invites/preview/${first.token}`)).status).toBe(200)
  })

  test('an invite is emailed with its /invite/{token} link; only a hash and a sealed copy of the token are stored', async () => {
    const created = await invite('New.Client@Example.test')
    expect(created).toMatchObject({ email: 'new.client@example.test', planName: 'Base block', status: 'pending' })
    expect(created.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const days = (Date.parse(created.expiresAt) - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(6.99)
    expect(days).toBeLessThanOrEqual(7)

    const mail = await latestMail(t, 'new.client@example.test')
    expect(mail.subject).toBe('Coach Carla invited you to Base block on Coachline')
    expect(mail.links).toContain(created.link)

    const [row] = await t.db.select().from(clientInvites).where(eq(clientInvites.id, created.id))
    expect(JSON.stringify(row)).not.toContain(created.token)
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/)
  })

  test('the invite page data: plan, coach, email and expiry; an unknown token is a 404', async () => {
    const created = await invite('preview@example.test')
    const res = await t.app.request(`/api/invites/preview/${created.token}`)
    expect(res.status).toBe(200)
    expect(InvitePreviewSchema.parse(await res.json())).toEqual({
      planName: 'Base block',
      coachName: 'Coach Carla',
      email: 'preview@example.test',
      expiresAt: created.expiresAt,
      trainingDays: null,
    })
    const unknown = await t.app.request('/api/invites/preview/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toMatchObject({ message: inviteApiText.invalid.description })
  })

  test('bad input is refused with field messages and sends nothing', async () => {
    const res = await send(coach, 'POST', '/api/invites', { email: 'not an email', planId: 'nope' })
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({
      fields: { email: [inviteApiText.emailInvalid], planId: [inviteApiText.planRequired] },
    })
    const own = await send(coach, 'POST', '/api/invites', { email: coach.email, planId })
    expect(await own.json()).toMatchObject({ fields: { email: [inviteApiText.ownEmail] } })
    const theirs = await send(otherCoach, 'POST', '/api/invites', { email: 'x@example.test', planId })
    expect(theirs.status).toBe(400)
    expect(await theirs.json()).toMatchObject({ fields: { planId: ['Choose one of your plans'] } })
  })

  test('a 100,000-character email is refused at once: no invite, no mail', async () => {
    // A run of dots ending in an @: the kind of text a backtracking email pattern takes seconds over.
    const email = `a@${'.'.repeat(99_997)}@`
    const invitesBefore = await t.db.select({ id: clientInvites.id }).from(clientInvites)
    const mailBefore = await t.db.select({ id: outboxMails.id }).from(outboxMails)
    const started = performance.now()
    const res = await send(coach, 'POST', '/api/invites', { email, planId })
    const ms = performance.now() - started
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ fields: { email: [inviteApiText.emailInvalid] } })
    // The length is checked before any pattern, so this takes milliseconds; the margin is for a busy machine.
    expect(ms).toBeLessThan(2000)
    expect(await t.db.select({ id: clientInvites.id }).from(clientInvites)).toEqual(invitesBefore)
    expect(await t.db.select({ id: outboxMails.id }).from(outboxMails)).toEqual(mailBefore)
  })

  test('inviting the same email again replaces the open invite; resending keeps the link and renews the expiry', async () => {
    const first = await invite('again@example.test')
    const second = await invite('again@example.test')
    expect((await t.app.request(`/api/invites/preview/${first.token}`)).status).toBe(404)
    expect((await t.app.request(`/api/invites/preview/${second.token}`)).status).toBe(200)

    await t.db
      .update(clientInvites)
      .set({ expiresAt: new Date(Date.now() + 3_600_000) })
      .where(eq(clientInvites.id, second.id))
    const resent = InviteSchema.parse(await (await send(coach, 'POST', `/api/invites/${second.id}/resend`)).json())
    expect(resent.link).toBe(second.link)
    expect(Date.parse(resent.expiresAt) - Date.now()).toBeGreaterThan(6.9 * 86_400_000)
    const list = (await (await send(coach, 'GET', '/api/invites')).json()) as { id: string; status: string }[]
    expect(list.find((i) => i.id === first.id)?.status).toBe('revoked')
    expect(list.find((i) => i.id === second.id)?.status).toBe('pending')
  })

  test("a coach cannot list, resend or revoke another coach's invites", async () => {
    const created = await invite('mine@example.test')
    const theirList = (await (await send(otherCoach, 'GET', '/api/invites')).json()) as { id: string }[]
    expect(theirList.map((i) => i.id)).not.toContain(created.id)
    expect((await send(otherCoach, 'POST', `/api/invites/${created.id}/revoke`)).status).toBe(403)
    expect((await send(otherCoach, 'POST', `/api/invites/${created.id}/resend`)).status).toBe(403)
    const client = await signIn(t)
    expect((await send(client, 'GET', '/api/invites')).status).toBe(403)
    expect((await t.app.request(`/api/invites/preview/${created.token}`)).status).toBe(200)
  })
})

describe('accept_client_invite', () => {
  test('the invited client joins: an active link, their own copy of the plan from today, the invite used up', async () => {
    const client = await signIn(t, { role: 'client' })
    const created = await invite(client.email.toUpperCase())
    expect(await accept(client, created.token)).toEqual({ success: true, error: null, planName: 'Base block' })

    const links = await t.db.select().from(coachClients).where(eq(coachClients.clientId, client.id))
    expect(links).toMatchObject([{ coachId: coach.id, status: 'active' }])
    const plans = await t.db.select().from(trainingPlans).where(eq(trainingPlans.clientId, client.id))
    expect(plans).toMatchObject([
      { ownerId: coach.id, status: 'active', startDate: new Date().toISOString().slice(0, 10), name: 'Base block' },
    ])
    expect(plans[0]?.id).not.toBe(planId)
    // They accepted the plan themselves: no notification tells them of it.
    expect(await t.db.select().from(pushOutbox).where(eq(pushOutbox.userId, client.id))).toEqual([])

    expect((await t.app.request(`/api/invites/preview/${created.token}`)).status).toBe(404)
    expect(await accept(client, created.token)).toEqual({ success: false, error: inviteApiText.alreadyUsed })
  })

  test('a plan with training days: the invite page names them and the accepted copy trains on them from today', async () => {
    const plan = (
      (await (await send(coach, 'POST', '/api/plans', { name: 'Mon Wed Fri', weeks: 4, daysPerWeek: 3 })).json()) as {
        id: string
      }
    ).id
    expect(
      (await send(coach, 'PUT', `/api/plans/${plan}/training-days`, { version: 1, trainingDays: [5, 3, 1] })).status,
    ).toBe(200)
    const client = await signIn(t, { role: 'client' })
    const created = await invite(client.email, coach, plan)
    const preview = InvitePreviewSchema.parse(
      await (await t.app.request(`/api/invites/preview/${created.token}`)).json(),
    )
    expect(preview).toMatchObject({ planName: 'Mon Wed Fri', trainingDays: [1, 3, 5] })

    const today = new Date().toISOString().slice(0, 10)
    const res = await send(client, 'POST', '/api/invites/accept', { token: created.token, today })
    expect(AcceptInviteResultSchema.parse(await res.json())).toMatchObject({ success: true })
    const plans = await t.db.select().from(trainingPlans).where(eq(trainingPlans.clientId, client.id))
    expect(plans).toMatchObject([
      {
        ownerId: coach.id,
        status: 'active',
        startDate: today,
        trainingDays: [1, 3, 5],
        assigned: true,
        sourcePlanId: plan,
      },
    ])
  })

  test('of 20 concurrent accepts of one token exactly one succeeds: one link, one assigned plan', async () => {
    const client = await signIn(t, { role: 'client' })
    const created = await invite(client.email)
    const results = await Promise.all(Array.from({ length: 20 }, () => accept(client, created.token)))
    expect(results.filter((r) => r.success)).toHaveLength(1)
    expect(results.filter((r) => !r.success).every((r) => r.error === inviteApiText.alreadyUsed)).toBe(true)
    expect(await t.db.select().from(coachClients).where(eq(coachClients.clientId, client.id))).toHaveLength(1)
    expect(await t.db.select().from(trainingPlans).where(eq(trainingPlans.clientId, client.id))).toHaveLength(1)
  })

  test('the wrong account, an expired, a revoked or an unknown invite are refused with their message and change nothing', async () => {
    const client = await signIn(t, { role: 'client' })
    const someoneElse = await signIn(t, { role: 'client' })
    const created = await invite(client.email)
    expect(await accept(someoneElse, created.token)).toEqual({
      success: false,
      error: inviteApiText.emailMismatch.description,
    })
    expect(await accept(someoneElse, 'not-a-real-token')).toEqual({
      success: false,
      error: inviteApiText.invalid.description,
    })

    await t.db
      .update(clientInvites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(clientInvites.id, created.id))
    expect((await t.app.request(`/api/invites/preview/${created.token}`)).status).toBe(404)
    expect(await accept(client, created.token)).toEqual({ success: false, error: inviteApiText.invalid.description })

    const again = await invite(client.email)
    expect((await send(coach, 'POST', `/api/invites/${again.id}/revoke`)).status).toBe(200)
    expect(await accept(client, again.token)).toEqual({ success: false, error: inviteApiText.revoked })
    expect(await t.db.select().from(coachClients).where(eq(coachClients.clientId, client.id))).toHaveLength(0)

    const anonymous = await send(undefined, 'POST', '/api/invites/accept', { token: again.token })
    expect(anonymous.status).toBe(401)
  })

  test("two coaches' invites accepted at once: never a 409, one active link, the loser told why", async () => {
    const otherPlan = (
      (await (await send(otherCoach, 'POST', '/api/plans', { name: 'Race', weeks: 2, daysPerWeek: 2 })).json()) as {
        id: string
      }
    ).id
    for (let round = 0; round < 15; round++) {
      const client = await signIn(t, { role: 'client' })
      const first = await invite(client.email)
      const second = await invite(client.email, otherCoach, otherPlan)
      const results = await Promise.all(
        [first, second].map((i) => send(client, 'POST', '/api/invites/accept', { token: i.token })),
      )
      expect(results.map((r) => r.status)).toEqual([200, 200])
      const answers = await Promise.all(results.map(async (r) => AcceptInviteResultSchema.parse(await r.json())))
      // Either one was refused as made at the same moment, or (on a single-connection database
      // that ran them one after the other) the second switched coaches as a later accept does.
      expect(answers.filter((a) => a.success).length).toBeGreaterThanOrEqual(1)
      expect(answers.filter((a) => !a.success).map((a) => a.error)).toEqual(
        answers.some((a) => !a.success) ? [inviteApiText.acceptedElsewhere] : [],
      )
      const links = await t.db
        .select()
        .from(coachClients)
        .where(and(eq(coachClients.clientId, client.id), eq(coachClients.status, 'active')))
      expect(links).toHaveLength(1)
      const active = await t.db
        .select()
        .from(trainingPlans)
        .where(and(eq(trainingPlans.clientId, client.id), eq(trainingPlans.status, 'active')))
      expect(active.map((p) => p.ownerId)).toEqual(links.map((l) => l.coachId))
    }
  })

  test('becoming a coach while accepting an invite: never both a coach and a client', async () => {
    for (let round = 0; round < 15; round++) {
      const client = await signIn(t, { role: 'client' })
      const created = await invite(client.email)
      const [accepted, promoted] = await Promise.all([
        send(client, 'POST', '/api/invites/accept', { token: created.token }),
        send(client, 'POST', '/api/profile/become-coach'),
      ])
      expect(accepted.status).toBe(200)
      expect([200, 409]).toContain(promoted.status)
      const me = await whoIs(t, client.cookie)
      const links = await t.db
        .select()
        .from(coachClients)
        .where(and(eq(coachClients.clientId, client.id), eq(coachClients.status, 'active')))
      if (me.profile?.role === 'coach') {
        expect(links).toHaveLength(0)
        expect(await accepted.json()).toEqual({ success: false, error: inviteApiText.coachAccount })
      } else {
        expect(links).toHaveLength(1)
        expect(promoted.status).toBe(409)
      }
    }
  })

  test('a coach account cannot join as a client; joining a new coach ends the previous link', async () => {
    const coachInvitee = await signIn(t, { role: 'coach' })
    const forCoach = await invite(coachInvitee.email)
    expect(await accept(coachInvitee, forCoach.token)).toEqual({ success: false, error: inviteApiText.coachAccount })

    const client = await signIn(t, { role: 'client' })
    await accept(client, (await invite(client.email)).token)
    const otherPlan = (
      (await (await send(otherCoach, 'POST', '/api/plans', { name: 'Peak', weeks: 2, daysPerWeek: 2 })).json()) as {
        id: string
      }
    ).id
    expect(await accept(client, (await invite(client.email, otherCoach, otherPlan)).token)).toMatchObject({
      success: true,
      planName: 'Peak',
    })
    const links = await t.db.select().from(coachClients).where(eq(coachClients.clientId, client.id))
    expect(links.find((l) => l.coachId === coach.id)?.status).toBe('archived')
    expect(links.find((l) => l.coachId === otherCoach.id)?.status).toBe('active')
    const active = await t.db
      .select()
      .from(trainingPlans)
      .where(and(eq(trainingPlans.clientId, client.id), eq(trainingPlans.status, 'active')))
    expect(active).toMatchObject([{ ownerId: otherCoach.id, name: 'Peak' }])
  })
  // A coach sees their invite's link: a client's leaked token accepting it would hand that coach
  // lasting read access to the client's training, past the token's revocation.
  test("a read-write token cannot accept an invite for its client; the client's sign-in session can", async () => {
    const client = await signIn(t, { role: 'client' })
    const script = await withToken(t, client, 'read-write')
    const { token } = await invite(client.email)

    const refused = await send(script, 'POST', '/api/invites/accept', { token })
    expect(refused.status, await refused.clone().text()).toBe(403)
    expect(ApiErrorBodySchema.parse(await refused.json()).message).toBe(apiTokenText.sessionOnly)
    expect(await t.db.select().from(coachClients).where(eq(coachClients.clientId, client.id))).toEqual([])
    expect((await t.app.request(`/api/invites/preview/${token}`)).status).toBe(200)

    expect(await accept(client, token)).toEqual({ success: true, error: null, planName: 'Base block' })
    expect(await t.db.select().from(coachClients).where(eq(coachClients.clientId, client.id))).toMatchObject([
      { coachId: coach.id, status: 'active' },
    ])
  })
})
