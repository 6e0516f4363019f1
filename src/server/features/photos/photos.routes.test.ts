import { randomUUID } from 'node:crypto'
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import {
  MAX_PHOTO_BYTES,
  ProgressPhotoSchema,
  ProgressPhotosSchema,
  photosApiText,
  type ProgressPhoto,
} from '#shared/schemas/progress-photos.ts'
import { coachClients } from '#server/db/schema/index.ts'
import { startS3Server, type S3TestServer } from '../../../../tests/helpers/s3-server.ts'
import {
  createTestApp,
  jsonHeaders,
  signIn,
  type SignedIn,
  type TestContext,
} from '../../../../tests/helpers/test-app.ts'

const ORIGIN = 'http://127.0.0.1:3000'

/**
 * A phone photo: a JPEG that is wider than tall as stored, with EXIF that says to turn it a
 * quarter (as phones store portrait shots), a camera and a GPS position.
 */
async function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 2400, height: 1800, channels: 3, background: '#3a6ea5' } })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'Phonemaker', Model: 'Phone 15 Pro' },
      IFD3: {
        GPSMapDatum: 'WGS-84',
        GPSLatitudeRef: 'N',
        GPSLatitude: '52/1 31/1 1234/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '13/1 24/1 5678/100',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer()
}

function form(file: Blob | string | null, fields: Record<string, string>): FormData {
  const body = new FormData()
  if (file !== null) body.set('file', typeof file === 'string' ? new Blob([file]) : file, 'photo.jpg')
  for (const [name, value] of Object.entries(fields)) body.set(name, value)
  return body
}

describe.each(['disk', 's3'] as const)('progress photos on %s storage', (storage) => {
  let t: TestContext
  let s3: S3TestServer | undefined
  let lifter: SignedIn
  let coach: SignedIn
  let otherCoach: SignedIn
  let stranger: SignedIn
  let photo: Buffer
  let kept: ProgressPhoto

  /** The names of a lifter's stored images, read from where this storage keeps them. */
  const storedFiles = (ofLifter: string) => {
    const folder = s3 ? join(s3.directory, 'coachline-photos', ofLifter) : join(t.env.DATA_DIR, 'photos', ofLifter)
    const names = existsSync(folder) ? readdirSync(folder).map(String) : []
    // s3rver keeps each object as `<key>._S3rver_object`, beside files of its metadata.
    return s3
      ? names.filter((name) => name.endsWith('._S3rver_object')).map((name) => name.replace('._S3rver_object', ''))
      : names
  }

  const upload = (who: SignedIn | undefined, body: FormData) =>
    t.app.request('/api/progress-photos', {
      method: 'POST',
      headers: { origin: ORIGIN, ...(who?.headers ?? {}) },
      body,
    })
  const image = (who: SignedIn | undefined, id: string, size = 'display') =>
    t.app.request(`/api/progress-photos/${id}/${size}`, { headers: who?.headers ?? {} })

  beforeAll(async () => {
    s3 = storage === 's3' ? await startS3Server() : undefined
    t = await createTestApp(s3?.env ?? {})
    expect(t.photos.kind).toBe(storage)
    ;[lifter, coach, otherCoach, stranger] = await Promise.all([
      signIn(t, { displayName: 'Lifter' }),
      signIn(t, { role: 'coach', displayName: 'Coach' }),
      signIn(t, { role: 'coach', displayName: 'Other coach' }),
      signIn(t, { displayName: 'Stranger' }),
    ])
    await t.db.insert(coachClients).values({ coachId: coach.id, clientId: lifter.id, status: 'active' })
    photo = await phonePhoto()
  })
  afterAll(async () => {
    await t?.close()
    await s3?.close()
  })

  test('a phone photo is kept upright, resized, and without EXIF or location', async () => {
    const id = randomUUID()
    const res = await upload(
      lifter,
      form(new Blob([photo], { type: 'image/jpeg' }), { id, pose: 'front', takenOn: '2026-11-20' }),
    )
    expect(res.status, await res.clone().text()).toBe(201)
    kept = ProgressPhotoSchema.parse(await res.json())
    expect(kept).toMatchObject({ id, clientId: lifter.id, pose: 'front', takenOn: '2026-11-20' })
    // Turned a quarter as its EXIF said, then fitted into 1600 px.
    expect([kept.width, kept.height]).toEqual([1200, 1600])

    const display = await image(lifter, id)
    expect(display.status).toBe(200)
    expect(display.headers.get('content-type')).toBe('image/jpeg')
    expect(display.headers.get('cache-control')).toBe('private, no-cache')
    // Asked again with its ETag: 304 to those who may see it, nothing to anyone else.
    const etag = display.headers.get('etag') ?? ''
    const again = await t.app.request(`/api/progress-photos/${id}/display`, {
      headers: { ...lifter.headers, 'if-none-match': etag },
    })
    expect(again.status).toBe(304)
    const strangerAgain = await t.app.request(`/api/progress-photos/${id}/display`, {
      headers: { ...stranger.headers, 'if-none-match': etag },
    })
    expect(strangerAgain.status).toBe(403)
    const bytes = Buffer.from(await display.arrayBuffer())
    const meta = await sharp(bytes).metadata()
    expect(meta).toMatchObject({ format: 'jpeg', width: 1200, height: 1600 })
    expect(meta.exif).toBeUndefined()
    expect(meta.orientation).toBeUndefined()
    // What the phone wrote is in the upload and nowhere in what is kept.
    for (const trace of ['Exif', 'WGS-84', 'Phonemaker', 'Phone 15 Pro']) {
      expect(photo.includes(trace)).toBe(true)
      expect(bytes.includes(trace)).toBe(false)
    }

    const thumb = await sharp(Buffer.from(await (await image(lifter, id, 'thumb')).arrayBuffer())).metadata()
    expect([thumb.width, thumb.height]).toEqual([240, 320])
    expect(storedFiles(lifter.id).sort()).toEqual([`${id}-display.jpg`, `${id}-thumb.jpg`])
  })

  test('sending the same photo again keeps it once', async () => {
    const res = await upload(
      lifter,
      form(new Blob([photo], { type: 'image/jpeg' }), { id: kept.id, pose: 'front', takenOn: '2026-11-20' }),
    )
    expect(res.status).toBe(200)
    expect(ProgressPhotoSchema.parse(await res.json()).id).toBe(kept.id)
    expect(storedFiles(lifter.id)).toHaveLength(2)
    // Someone else naming that id stores nothing under it.
    const other = await upload(
      stranger,
      form(new Blob([photo], { type: 'image/jpeg' }), { id: kept.id, pose: 'front', takenOn: '2026-11-20' }),
    )
    expect(other.status).toBe(409)
    expect(storedFiles(stranger.id)).toEqual([])
  })

  test('the photo is the lifter’s and their active coach’s alone', async () => {
    expect((await image(coach, kept.id)).status).toBe(200)
    for (const who of [otherCoach, stranger, undefined]) {
      const res = await image(who, kept.id)
      expect([401, 403, 404]).toContain(res.status)
      expect(res.headers.get('content-type')).not.toBe('image/jpeg')
    }
    expect((await image(otherCoach, kept.id)).status).toBe(403)
    expect((await image(stranger, kept.id)).status).toBe(403)
    expect((await image(undefined, kept.id)).status).toBe(401)
    expect((await image(lifter, randomUUID())).status).toBe(404)

    const mine = ProgressPhotosSchema.parse(
      await (await t.app.request('/api/progress-photos', { headers: lifter.headers })).json(),
    )
    expect(mine.photos.map((p) => p.id)).toEqual([kept.id])
    const coachView = await t.app.request(`/api/progress-photos?clientId=${lifter.id}`, { headers: coach.headers })
    expect(ProgressPhotosSchema.parse(await coachView.json()).photos.map((p) => p.id)).toEqual([kept.id])
    const otherView = await t.app.request(`/api/progress-photos?clientId=${lifter.id}`, { headers: otherCoach.headers })
    expect(otherView.status).toBe(403)
    // A coach adds no photos of their own, nor deletes a client's.
    expect((await upload(coach, form(new Blob([photo]), { pose: 'front', takenOn: '2026-11-20' }))).status).toBe(403)
    expect(
      (await t.app.request(`/api/progress-photos/${kept.id}`, { method: 'DELETE', headers: jsonHeaders(coach) }))
        .status,
    ).toBe(403)
  })

  test('what is not a photo is refused with a clear message, and nothing is stored', async () => {
    const cases: [FormData, number, string][] = [
      [form('just some text', { pose: 'front', takenOn: '2026-11-20' }), 415, photosApiText.notImage],
      [
        form(new Blob([photo.subarray(0, 2000)]), { pose: 'front', takenOn: '2026-11-20' }),
        400,
        photosApiText.unreadable,
      ],
      [form(new Blob([photo]), { pose: 'upside-down', takenOn: '2026-11-20' }), 400, photosApiText.pose],
      [form(new Blob([photo]), { pose: 'front', takenOn: '2026-02-30' }), 400, photosApiText.takenOn],
      [form(new Blob([photo]), { pose: 'front', takenOn: '2999-01-01' }), 400, photosApiText.takenOn],
      [form(null, { pose: 'front', takenOn: '2026-11-20' }), 400, photosApiText.noFile],
      [form(new Blob([photo]), { pose: 'front', takenOn: '2026-11-20', id: 'not-a-uuid' }), 400, photosApiText.id],
      [
        form(new Blob([new Uint8Array(MAX_PHOTO_BYTES + 1)]), { pose: 'front', takenOn: '2026-11-20' }),
        413,
        photosApiText.tooLarge,
      ],
    ]
    for (const [body, status, message] of cases) {
      const res = await upload(lifter, body)
      expect(res.status, message).toBe(status)
      expect(((await res.json()) as { message: string }).message).toBe(message)
    }
    const json = await t.app.request('/api/progress-photos', {
      method: 'POST',
      headers: jsonHeaders(lifter),
      body: JSON.stringify({ pose: 'front' }),
    })
    expect(json.status).toBe(415)
    // A picture bomb: a PNG that claims 60 megapixels.
    const bomb = await sharp({ create: { width: 10_000, height: 6_000, channels: 3, background: '#000' } })
      .png()
      .toBuffer()
    const refused = await upload(lifter, form(new Blob([bomb]), { pose: 'front', takenOn: '2026-11-20' }))
    expect(refused.status).toBe(413)
    expect(storedFiles(lifter.id)).toHaveLength(2)
  })

  test('pages run newest first; a deleted photo is gone with its files', async () => {
    const added: ProgressPhoto[] = []
    for (const [pose, takenOn] of [
      ['side', '2026-11-20'],
      ['back', '2026-10-01'],
    ] as const) {
      const small = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#888' } })
        .png()
        .toBuffer()
      const res = await upload(lifter, form(new Blob([small]), { pose, takenOn }))
      expect(res.status).toBe(201)
      added.push(ProgressPhotoSchema.parse(await res.json()))
    }
    const side = await t.app.request('/api/progress-photos?pose=side', { headers: lifter.headers })
    expect(ProgressPhotosSchema.parse(await side.json()).photos.map((p) => p.pose)).toEqual(['side'])
    const all = ProgressPhotosSchema.parse(
      await (await t.app.request('/api/progress-photos', { headers: lifter.headers })).json(),
    )
    expect(all.photos.map((p) => p.takenOn)).toEqual(['2026-11-20', '2026-11-20', '2026-10-01'])
    expect(all.nextBefore).toBeNull()
    for (const before of [
      'yesterday',
      '2024-99-99~------------------------------------',
      '0000-01-01~' + randomUUID(),
    ]) {
      const bad = await t.app.request(`/api/progress-photos?before=${encodeURIComponent(before)}`, {
        headers: lifter.headers,
      })
      expect(bad.status, before).toBe(400)
    }

    const [gone] = added
    const byStranger = await t.app.request(`/api/progress-photos/${gone!.id}`, {
      method: 'DELETE',
      headers: jsonHeaders(stranger),
    })
    expect(byStranger.status).toBe(403)
    const res = await t.app.request(`/api/progress-photos/${gone!.id}`, {
      method: 'DELETE',
      headers: jsonHeaders(lifter),
    })
    expect(res.status).toBe(204)
    expect((await image(lifter, gone!.id)).status).toBe(404)
    expect(storedFiles(lifter.id).filter((name) => name.startsWith(gone!.id))).toEqual([])
    expect(storedFiles(lifter.id)).toHaveLength(4)
  })

  test('deleting the account deletes every photo with it; a wrong or missing password deletes nothing', async () => {
    const leaving = await signIn(t, { displayName: 'Leaving' })
    await t.db.insert(coachClients).values({ coachId: coach.id, clientId: leaving.id, status: 'active' })
    const small = await sharp({ create: { width: 30, height: 40, channels: 3, background: '#555' } })
      .png()
      .toBuffer()
    const added = await upload(leaving, form(new Blob([small]), { pose: 'back', takenOn: '2026-11-01' }))
    const { id } = ProgressPhotoSchema.parse(await added.json())
    expect(storedFiles(leaving.id)).toHaveLength(2)

    const deleteAccount = (who: SignedIn, body: unknown) =>
      t.app.request('/api/auth/delete-user', { method: 'POST', headers: jsonHeaders(who), body: JSON.stringify(body) })
    expect((await deleteAccount(leaving, {})).status).toBe(400)
    expect((await deleteAccount(leaving, { password: 'wrong-Passw0rd' })).status).toBe(400)
    const byCoach = await deleteAccount(coach, { password: 'Passw0rd!' })
    expect(byCoach.status).toBe(400)
    expect(storedFiles(leaving.id)).toHaveLength(2)
    expect((await image(coach, id)).status).toBe(200)

    // s3rver deletes a batch's objects at once and removes a folder as it empties, so the last of a
    // folder's deletes can fail once (ENOENT, a 500) and be retried by MinIO's client, which says so.
    const retried = vi.spyOn(console, 'warn').mockImplementation(() => {})
    expect((await deleteAccount(leaving, { password: 'Passw0rd!' })).status).toBe(200)
    for (const [line] of retried.mock.calls) expect(String(line)).toMatch(/Retrying request/)
    expect(storedFiles(leaving.id)).toEqual([])
    expect((await image(coach, id)).status).toBe(404)
    const me = await t.app.request('/api/me', { headers: leaving.headers })
    expect(await me.json()).toMatchObject({ user: null })
  })
})
