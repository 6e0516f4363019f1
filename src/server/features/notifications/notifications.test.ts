import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { notificationText, type PushSetup } from '#shared/schemas/notifications.ts'
import { coachClients, pushOutbox } from '#server/db/schema/index.ts'
import {
  PUSH_SERVICE_CA,
  startPushService,
  type PushService,
  type Subscriber,
} from '../../../../tests/helpers/push-service.ts'
import {
  createTestApp,
  jsonHeaders,
  signIn,
  withToken,
  type SignedIn,
  type TestContext,
} from '../../../../tests/helpers/test-app.ts'
import { buildApp } from '#server/server.ts'
import { sendMessageDigests } from '#server/features/chat/chat.digest.ts'
import { CHAT_BURST_MS, SETTLE_MS } from './notifications.service.ts'
import { CLAIM_MS, claimDue, markSent, type Claimed } from './push-outbox.ts'
import { sendDueNotifications } from './push-worker.ts'

let t: TestContext
let push: PushService
let coach: SignedIn
let client: SignedIn
const logger = pino({ level: 'silent' })

const call = async (who: SignedIn, method: string, path: string, body?: unknown) => {
  const res = await t.app.request(path, {
    method,
    headers: jsonHeaders(who),
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.text()
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null }
}
const setupOf = async (who: SignedIn) => (await call(who, 'GET', '/api/notifications')).body as PushSetup
const subscribe = async (who: SignedIn, subscriber: Subscriber, extra: Record<string, unknown> = {}) => {
  const res = await call(who, 'POST', '/api/notifications/devices', {
    endpoint: subscriber.endpoint,
    keys: subscriber.keys,
    label: 'Phone',
    ...extra,
  })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body as { id: string }
}
const sendDue = (msFromNow = 0) =>
  sendDueNotifications({ db: t.db, push: t.push, logger, now: new Date(Date.now() + msFromNow) })
const freshSession = async (who: SignedIn) => {
  const res = await call(who, 'POST', '/api/sessions', {})
  expect(res.status).toBe(201)
  return res.body as { id: string }
}

beforeAll(async () => {
  push = await startPushService()
  t = await createTestApp({ PUSH_SERVICE_HOSTS: push.host, PUSH_SERVICE_CA })
  coach = await signIn(t, { role: 'coach', displayName: 'Coach Carla' })
  client = await signIn(t, { role: 'client', displayName: 'Lifter Lee' })
  await t.db.insert(coachClients).values({ coachId: coach.id, clientId: client.id })
})
afterAll(async () => {
  await t.close()
  await push.close()
})

describe('devices', () => {
  test('a browser subscribes, and a test notification reaches it, encrypted for it and signed with the server’s key', async () => {
    const lifter = await signIn(t, { role: 'client' })
    const setup = await setupOf(lifter)
    expect(setup.publicKey).toMatch(/^[\w-]{87}$/)
    expect(setup.devices).toEqual([])
    const phone = push.subscriber(`test-${lifter.id}`)
    const device = await subscribe(lifter, phone)
    expect((await setupOf(lifter)).devices).toMatchObject([{ id: device.id, label: 'Phone', lastSentAt: null }])

    const tested = await call(lifter, 'POST', `/api/notifications/devices/${device.id}/test`)
    expect(tested.body).toEqual({ delivered: true, error: null })
    expect(phone.received()).toEqual([
      {
        title: notificationText.testTitle,
        body: notificationText.testBody,
        url: '/account',
        tag: 'test',
        kind: 'test',
      },
    ])
    // Signed with the key the browser subscribed with.
    const request = push.requests.find((r) => r.path.endsWith(lifter.id))
    expect(request?.headers.authorization).toContain(`k=${setup.publicKey}`)
    expect((await setupOf(lifter)).devices[0]?.lastSentAt).not.toBeNull()
  })

  test('the server keeps one key pair: a second server on the database signs with the same', async () => {
    const other = await buildApp(t.env, t.database)
    expect(other.push.vapid.publicKey).toBe(t.push.vapid.publicKey)
  })

  test.each([
    ['an address inside the network', 'https://10.0.0.7/push/x'],
    ['plain http to a push service', 'http://fcm.googleapis.com/fcm/send/x'],
    ['any other host', 'https://attacker.example/push'],
    ['a push service on another port', 'https://fcm.googleapis.com:8443/fcm/send/x'],
    ['credentials in the address', 'https://user:pw@fcm.googleapis.com/fcm/send/x'],
    // Node's legacy parser, which web-push connects with, reads 169.254.169.254 as the host here.
    ['a host two URL parsers read apart', 'https://169.254.169.254;.fcm.googleapis.com/fcm/send/x'],
    ['a host with a quote in it', 'https://a"b.fcm.googleapis.com/fcm/send/x'],
  ])('refuses %s as an endpoint, storing nothing', async (_what, endpoint) => {
    const lifter = await signIn(t, { role: 'client' })
    const res = await call(lifter, 'POST', '/api/notifications/devices', {
      endpoint,
      keys: push.subscriber('refused').keys,
    })
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ fields: { endpoint: [notificationText.endpointInvalid] } })
    expect((await setupOf(lifter)).devices).toEqual([])
  })

  test('refuses keys that are not a subscription’s, and an API token', async () => {
    const lifter = await signIn(t, { role: 'client' })
    const phone = push.subscriber(`keys-${lifter.id}`)
    const bad = await call(lifter, 'POST', '/api/notifications/devices', {
      endpoint: phone.endpoint,
      keys: { p256dh: phone.keys.auth, auth: phone.keys.p256dh },
    })
    expect(bad.status).toBe(400)
    const token = await withToken(t, lifter)
    const byToken = await call(token, 'POST', '/api/notifications/devices', {
      endpoint: phone.endpoint,
      keys: phone.keys,
    })
    expect(byToken.status).toBe(403)
    expect((await setupOf(lifter)).devices).toEqual([])
  })

  test('a browser renewing its subscription keeps the device’s name and kinds', async () => {
    const lifter = await signIn(t, { role: 'client' })
    const phone = push.subscriber(`renew-${lifter.id}`)
    await subscribe(lifter, phone, { label: 'Work phone', kinds: ['chat'] })
    const renewed = await call(lifter, 'POST', '/api/notifications/devices', {
      endpoint: phone.endpoint,
      keys: phone.keys,
    })
    expect(renewed.status).toBe(201)
    expect((await setupOf(lifter)).devices).toMatchObject([{ label: 'Work phone', kinds: ['chat'] }])
  })

  test('a subscription the browser replaced moves its device to the new endpoint, name and kinds kept; never another person’s', async () => {
    const lifter = await signIn(t, { role: 'client' })
    const before = push.subscriber(`replaced-old-${lifter.id}`)
    const after = push.subscriber(`replaced-new-${lifter.id}`)
    const device = await subscribe(lifter, before, { label: 'Gym phone', kinds: ['comments'] })
    const moved = await call(lifter, 'POST', '/api/notifications/devices', {
      endpoint: after.endpoint,
      keys: after.keys,
      replaces: before.endpoint,
    })
    expect(moved.status).toBe(201)
    expect((await setupOf(lifter)).devices).toMatchObject([{ id: device.id, label: 'Gym phone', kinds: ['comments'] }])
    const tested = await call(lifter, 'POST', `/api/notifications/devices/${device.id}/test`)
    expect(tested.body).toEqual({ delivered: true, error: null })
    expect(after.received()).toHaveLength(1)
    expect(before.received()).toEqual([])

    // Naming someone else's endpoint as the one replaced moves nothing of theirs.
    const stranger = await signIn(t, { role: 'client' })
    const theirs = push.subscriber(`replaced-stranger-${stranger.id}`)
    const res = await call(stranger, 'POST', '/api/notifications/devices', {
      endpoint: theirs.endpoint,
      keys: theirs.keys,
      replaces: after.endpoint,
    })
    expect(res.status).toBe(201)
    expect((await setupOf(lifter)).devices).toMatchObject([{ id: device.id, label: 'Gym phone' }])
    expect((await setupOf(stranger)).devices).toHaveLength(1)
  })

  test('another person’s device is not found', async () => {
    const owner = await signIn(t, { role: 'client' })
    const stranger = await signIn(t, { role: 'client' })
    const device = await subscribe(owner, push.subscriber(`owned-${owner.id}`))
    for (const [method, path, body] of [
      ['PATCH', `/api/notifications/devices/${device.id}`, { kinds: [] }],
      ['POST', `/api/notifications/devices/${device.id}/test`, undefined],
      ['DELETE', `/api/notifications/devices/${device.id}`, undefined],
    ] as const)
      expect((await call(stranger, method, path, body)).status).toBe(404)
    expect((await setupOf(owner)).devices).toHaveLength(1)
  })

  test('an endpoint subscribed again by someone else moves to them', async () => {
    const first = await signIn(t, { role: 'client' })
    const second = await signIn(t, { role: 'client' })
    const shared = push.subscriber(`shared-${first.id}`)
    await subscribe(first, shared)
    await subscribe(second, shared)
    expect((await setupOf(first)).devices).toEqual([])
    expect((await setupOf(second)).devices).toHaveLength(1)
  })
})

describe('what is sent', () => {
  /** A fresh client of the coach, with a phone that hears of their plans and progression. */
  const planLifter = async () => {
    const lifter = await signIn(t, { role: 'client', displayName: 'Pat Plan' })
    await t.db.insert(coachClients).values({ coachId: coach.id, clientId: lifter.id })
    const phone = push.subscriber(`plans-${lifter.id}`)
    await subscribe(lifter, phone, { kinds: ['plans', 'progression'] })
    return { lifter, phone }
  }
  /** The coach's plan of two weeks, one bench day each (8-12 reps at 60 kg, double progression), assigned to the lifter. */
  const assignBench = async (lifter: SignedIn, patch: Record<string, unknown> = {}) => {
    const bench = ((await call(coach, 'GET', '/api/movements?q=bench%20press')).body as { items: { id: string }[] })
      .items[0]?.id
    const source = (await call(coach, 'POST', '/api/plans', { name: 'Press block', weeks: 2, daysPerWeek: 1 }))
      .body as { id: string; version: number }
    let version = source.version
    for (const week of [1, 2]) {
      const sets = Array.from({ length: 3 }, () => ({ reps: { min: 8, max: 12 }, load: { kind: 'kg', value: 60 } }))
      const workout = {
        title: `Press ${week}`,
        exercises: [{ movementId: bench, sets, progression: { kind: 'double', amount: 2.5, unit: 'kg' } }],
      }
      version = (
        (await call(coach, 'PUT', `/api/plans/${source.id}/days/${week}/1`, { version, workout })).body as {
          version: number
        }
      ).version
    }
    if (Object.keys(patch).length) await call(coach, 'PATCH', `/api/plans/${source.id}`, { version, ...patch })
    const assigned = await call(coach, 'POST', `/api/plans/${source.id}/assign`, {
      clientId: lifter.id,
      startDate: '2026-12-07',
    })
    expect(assigned.status).toBe(201)
    return (await call(lifter, 'GET', `/api/plans/${(assigned.body as { id: string }).id}`)).body as {
      id: string
      version: number
      workouts: { id: string; week: number }[]
    }
  }

  test('a plan assigned reaches the lifter, opening it', async () => {
    const { lifter, phone } = await planLifter()
    const plan = await assignBench(lifter)
    await sendDue()
    expect(phone.received()).toEqual([
      {
        title: notificationText.planAssigned('Coach Carla'),
        body: notificationText.planAssignedBody('Press block', 'Mon 7 Dec'),
        url: `/programs/${plan.id}`,
        tag: `plan:assigned:${plan.id}`,
        kind: 'plans',
        badge: 0,
      },
    ])
  })

  test('a coach’s edits of a client’s plan are one notification, once the edits have settled', async () => {
    const { lifter, phone } = await planLifter()
    const plan = await assignBench(lifter)
    await sendDue()
    let version = plan.version
    for (const title of ['Heavy press', 'Heavier press']) {
      const workout = { title, exercises: [] }
      version = (
        (await call(coach, 'PUT', `/api/plans/${plan.id}/days/2/1`, { version, workout })).body as {
          version: number
        }
      ).version
    }
    await sendDue(60_000)
    expect(phone.received()).toHaveLength(1)
    await sendDue(SETTLE_MS + 10_000)
    expect(phone.received().slice(1)).toEqual([
      {
        title: notificationText.planChanged('Coach Carla'),
        body: notificationText.planChangedBody('Press block'),
        url: `/programs/${plan.id}`,
        tag: `plan:changed:${plan.id}`,
        kind: 'plans',
        badge: 0,
      },
    ])
  })

  test('progression changes the coach approves reach the lifter, opening the plan', async () => {
    const { lifter, phone } = await planLifter()
    const plan = await assignBench(lifter, { progressionMode: 'approve' })
    await sendDue()
    const week1 = plan.workouts.find((w) => w.week === 1)?.id
    const session = (await call(lifter, 'POST', '/api/sessions', { planWorkoutId: week1 })).body as {
      id: string
      exercises: { key: string }[]
    }
    for (const setNumber of [1, 2, 3])
      await call(lifter, 'PUT', `/api/sessions/${session.id}/sets/${randomUUID()}`, {
        exerciseKey: session.exercises[0]?.key,
        setNumber,
        reps: 12,
        loadKg: 60,
        editedAt: new Date().toISOString(),
      })
    await call(lifter, 'POST', `/api/sessions/${session.id}/finish`, {})
    const proposals = (
      (await call(coach, 'GET', '/api/progression/proposals')).body as unknown as {
        id: string
        planId: string
      }[]
    ).filter((p) => p.planId === plan.id)
    expect(proposals).toHaveLength(1)
    await sendDue()
    expect(phone.received()).toHaveLength(1)
    await call(coach, 'POST', '/api/progression/proposals/approve', { ids: proposals.map((p) => p.id) })
    await sendDue()
    expect(phone.received().slice(1)).toEqual([
      {
        title: notificationText.progressionApproved('Coach Carla'),
        body: notificationText.progressionApprovedBody(1, 'Press block'),
        url: `/programs/${plan.id}`,
        tag: `plan:progression:${plan.id}`,
        kind: 'progression',
        badge: 0,
      },
    ])
  })

  test('a coach’s comments on a session reach the lifter as one notification that opens the session', async () => {
    const phone = push.subscriber(`comments-${client.id}`)
    await subscribe(client, phone)
    const session = await freshSession(client)
    expect((await call(coach, 'POST', `/api/sessions/${session.id}/comments`, { body: 'Great depth!' })).status).toBe(
      201,
    )
    expect(
      (await call(coach, 'POST', `/api/sessions/${session.id}/comments`, { body: 'Keep the bar closer' })).status,
    ).toBe(201)
    await sendDue()
    expect(phone.received()).toEqual([
      {
        title: 'Coach Carla commented on your workout',
        body: '2 updates. The latest: Keep the bar closer',
        url: `/summary/${session.id}`,
        tag: `comments:${session.id}`,
        kind: 'comments',
        // The app's icon counts what is unread for the lifter.
        badge: 2,
      },
    ])
    // Sent once: a later round sends nothing more.
    await sendDue()
    expect(phone.received()).toHaveLength(1)
  })

  test('chat messages in a burst are one notification, sent once the burst has had time to end; none once read', async () => {
    const lifter = await signIn(t, { role: 'client', displayName: 'Lifter Lou' })
    await t.db.insert(coachClients).values({ coachId: coach.id, clientId: lifter.id })
    const phone = push.subscriber(`chat-${lifter.id}`)
    await subscribe(lifter, phone)
    const say = (body: string) =>
      call(coach, 'POST', `/api/chat/${lifter.id}/messages`, { id: randomUUID(), body }).then((r) => r.status)
    expect(await say('How did it go?')).toBe(201)
    expect(await say('Did the knee hold up?')).toBe(201)
    expect(await say('Send me a video')).toBe(201)
    await sendDue()
    expect(phone.received()).toEqual([])
    await sendDue(CHAT_BURST_MS + 1000)
    expect(phone.received()).toEqual([
      {
        title: 'Coach Carla',
        body: '3 new messages. The latest: Send me a video',
        url: '/chat',
        tag: `chat:${coach.id}:${lifter.id}`,
        kind: 'chat',
        badge: 3,
      },
    ])

    // Read in the app before the notification went: it never goes.
    expect(await say('And eat something')).toBe(201)
    const read = await call(lifter, 'GET', `/api/chat/${coach.id}/messages`)
    const seq = Math.max(...((read.body as unknown as { items?: { seq: number }[] }).items ?? []).map((m) => m.seq))
    expect((await call(lifter, 'POST', `/api/chat/${coach.id}/read`, { upTo: seq })).status).toBeLessThan(300)
    await sendDue(CHAT_BURST_MS + 1000)
    expect(phone.received()).toHaveLength(1)
  })

  test('a server whose claim ended, or whose row took a newer event while sending, does not mark it sent', async () => {
    const lifter = await signIn(t, { role: 'client' })
    await t.db.insert(coachClients).values({ coachId: coach.id, clientId: lifter.id })
    const phone = push.subscriber(`lease-${lifter.id}`)
    await subscribe(lifter, phone)
    const session = await freshSession(lifter)
    await call(coach, 'POST', `/api/sessions/${session.id}/comments`, { body: 'First' })
    const mine = (rows: Claimed[]) => rows.filter((row) => row.user_id === lifter.id)

    // Two servers: the first's claim runs out, the second claims the row; only the second's send counts.
    const [first] = mine(await claimDue(t.db, new Date()))
    const [second] = mine(await claimDue(t.db, new Date(Date.now() + CLAIM_MS + 1000)))
    expect(second?.id).toBe(first?.id)
    if (!first || !second) throw new Error('no claimed row')
    expect(await markSent(t.db, first, { delivered: 1, emailDue: false }, new Date())).toBe(false)

    // A comment arrives while the second server sends: the row is let go and goes out again, with it.
    await call(coach, 'POST', `/api/sessions/${session.id}/comments`, { body: 'Second' })
    expect(await markSent(t.db, second, { delivered: 1, emailDue: false }, new Date())).toBe(false)
    await sendDue(CLAIM_MS + 2000)
    expect(phone.received()).toMatchObject([{ body: '2 updates. The latest: Second' }])
  })

  test('what reached no device comes in the unread-messages email, once; not what was switched off or seen', async () => {
    const lifter = async (name: string) => {
      const who = await signIn(t, { role: 'client', displayName: name })
      await t.db.insert(coachClients).values({ coachId: coach.id, clientId: who.id })
      return who
    }
    const comment = async (who: SignedIn, body: string) => {
      const session = await freshSession(who)
      expect((await call(coach, 'POST', `/api/sessions/${session.id}/comments`, { body })).status).toBe(201)
      return session.id
    }
    // No device at all; a device whose subscription has ended; comments switched off; seen in the app.
    const deviceless = await lifter('Nora None')
    const gone = await lifter('Gus Gone')
    const goneName = `gone-${gone.id}`
    await subscribe(gone, push.subscriber(goneName))
    push.answer(goneName, 410)
    const switchedOff = await lifter('Otto Off')
    await subscribe(switchedOff, push.subscriber(`off-${switchedOff.id}`), { kinds: ['chat'] })
    const seen = await lifter('Sam Seen')
    const toDeviceless = await comment(deviceless, 'Brace before you unrack')
    await comment(gone, 'Lovely tempo')
    await comment(switchedOff, 'Nice pause')
    const toSeen = await comment(seen, 'Chest up')
    await sendDue()
    expect((await call(seen, 'POST', `/api/sessions/${toSeen}/comments/read`)).status).toBeLessThan(300)

    const mailsTo = async (who: SignedIn) =>
      (
        (await (await t.app.request('/api/dev/outbox')).json()) as { to: string; subject: string; text: string }[]
      ).filter((m) => m.to === who.email && !m.subject.startsWith('Confirm'))
    const digest = (minutes: number) =>
      sendMessageDigests({
        db: t.db,
        mailer: t.mailer,
        logger,
        origin: 'http://127.0.0.1:3000',
        now: new Date(Date.now() + minutes * 60_000),
      })
    // Not before it has waited as long as an unread message does.
    await digest(5)
    expect(await mailsTo(deviceless)).toEqual([])
    await digest(31)
    await digest(40)
    const [mail, ...more] = await mailsTo(deviceless)
    expect(more).toEqual([])
    expect(mail?.subject).toBe('1 update from Coachline')
    expect(mail?.text).toContain('- Coach Carla commented on your workout: Brace before you unrack')
    expect(mail?.text).toContain(`Open Coachline: http://127.0.0.1:3000/summary/${toDeviceless}`)
    expect(await mailsTo(gone)).toHaveLength(1)
    expect(await mailsTo(switchedOff)).toEqual([])
    expect(await mailsTo(seen)).toEqual([])
  })

  test('the end of a rest reaches the phone that timed it, at its time, even in quiet hours; a skipped rest does not', async () => {
    const lifter = await signIn(t, { role: 'client' })
    await call(lifter, 'PUT', '/api/notifications/settings', {
      quietHours: { start: '00:00', end: '23:59' },
      workoutReminder: null,
    })
    const phone = push.subscriber(`rest-phone-${lifter.id}`)
    const laptop = push.subscriber(`rest-laptop-${lifter.id}`)
    const device = await subscribe(lifter, phone)
    await subscribe(lifter, laptop)
    const session = await freshSession(lifter)
    const rest = (body: Record<string, unknown>, id = device.id) =>
      call(lifter, 'PUT', `/api/notifications/devices/${id}/rest`, body)
    const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString()

    expect((await rest({ endsAt: inSeconds(90), next: 'Back squat, set 2', sessionId: session.id })).status).toBe(204)
    // Restarted: the later end replaces the earlier.
    expect((await rest({ endsAt: inSeconds(120), next: 'Back squat, set 3', sessionId: session.id })).status).toBe(204)
    await sendDue(100_000)
    expect(phone.received()).toEqual([])
    await sendDue(121_000)
    expect(phone.received()).toEqual([
      {
        title: notificationText.restOver,
        body: notificationText.restNext('Back squat, set 3'),
        url: `/session/${session.id}`,
        tag: `restTimer:${device.id}`,
        kind: 'restTimer',
        badge: 0,
      },
    ])
    expect(laptop.received()).toEqual([])

    // Skipped: nothing is told.
    await rest({ endsAt: inSeconds(60) })
    expect((await call(lifter, 'DELETE', `/api/notifications/devices/${device.id}/rest`)).status).toBe(204)
    await sendDue(61_000)
    expect(phone.received()).toHaveLength(1)
    // No server ran at its end: minutes later it is not news.
    await rest({ endsAt: inSeconds(30) })
    await sendDue(30_000 + 3 * 60_000)
    expect(phone.received()).toHaveLength(1)

    // Hours away, long past, or another person's device: refused, nothing stored.
    for (const endsAt of [inSeconds(2 * 3600), inSeconds(-3600), 'soon']) {
      const refused = await rest({ endsAt })
      expect(refused.status).toBe(400)
      expect(refused.body).toMatchObject({ fields: { endsAt: [notificationText.restTooFar] } })
    }
    const other = await signIn(t, { role: 'client' })
    const theirs = await subscribe(other, push.subscriber(`rest-other-${other.id}`))
    expect((await rest({ endsAt: inSeconds(60) }, theirs.id)).status).toBe(404)
    expect((await call(lifter, 'DELETE', `/api/notifications/devices/${theirs.id}/rest`)).status).toBe(404)
  })

  test('a device hears only of the kinds it chose', async () => {
    const lifter = await signIn(t, { role: 'client' })
    await t.db.insert(coachClients).values({ coachId: coach.id, clientId: lifter.id })
    const laptop = push.subscriber(`kinds-${lifter.id}`)
    const device = await subscribe(lifter, laptop, { kinds: ['chat'] })
    const session = await freshSession(lifter)
    await call(coach, 'POST', `/api/sessions/${session.id}/comments`, { body: 'Not for the laptop' })
    await sendDue()
    expect(laptop.received()).toEqual([])
    expect(
      (await call(lifter, 'PATCH', `/api/notifications/devices/${device.id}`, { kinds: ['comments'] })).status,
    ).toBe(200)
    await call(coach, 'POST', `/api/sessions/${session.id}/comments`, { body: 'For the laptop' })
    await sendDue()
    expect(laptop.received()).toMatchObject([{ body: 'For the laptop' }])
  })

  test('a device its push service says is gone (410) is forgotten', async () => {
    const lifter = await signIn(t, { role: 'client' })
    await t.db.insert(coachClients).values({ coachId: coach.id, clientId: lifter.id })
    const name = `gone-${lifter.id}`
    await subscribe(lifter, push.subscriber(name))
    push.answer(name, 410)
    const session = await freshSession(lifter)
    await call(coach, 'POST', `/api/sessions/${session.id}/comments`, { body: 'Anyone there?' })
    await sendDue()
    expect(push.requests.filter((r) => r.path === `/push/${name}`)).toHaveLength(1)
    expect((await setupOf(lifter)).devices).toEqual([])
  })

  test('quiet hours hold a notification until they end, in the person’s own time zone', async () => {
    const lifter = await signIn(t, { role: 'client' })
    await t.db.insert(coachClients).values({ coachId: coach.id, clientId: lifter.id })
    const phone = push.subscriber(`quiet-${lifter.id}`)
    await subscribe(lifter, phone)
    expect((await call(lifter, 'PATCH', '/api/profile', { timeZone: 'Europe/Berlin' })).status).toBe(200)
    const settings = { quietHours: { start: '22:00', end: '07:00' }, workoutReminder: null }
    expect((await call(lifter, 'PUT', '/api/notifications/settings', settings)).status).toBe(200)
    expect((await setupOf(lifter)).settings).toEqual(settings)

    const session = await freshSession(lifter)
    await call(coach, 'POST', `/api/sessions/${session.id}/comments`, { body: 'Late thought' })
    // 23:30 in Berlin (UTC+1 in January), a year from now.
    const year = new Date().getUTCFullYear() + 1
    const at = (iso: string) =>
      sendDueNotifications({ db: t.db, push: t.push, logger, now: new Date(`${year}-${iso}`) })
    await at('01-15T22:30:00Z')
    expect(phone.received()).toEqual([])
    const [held] = await t.db.select().from(pushOutbox).where(eq(pushOutbox.userId, lifter.id))
    expect(held?.dueAt.toISOString()).toBe(`${year}-01-16T06:00:00.000Z`)
    await at('01-16T05:59:00Z')
    expect(phone.received()).toEqual([])
    await at('01-16T06:00:00Z')
    expect(phone.received()).toMatchObject([{ body: 'Late thought' }])
  })
})
