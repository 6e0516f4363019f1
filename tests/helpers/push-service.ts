import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, verify } from 'node:crypto'
import { readFileSync } from 'node:fs'
import type { IncomingHttpHeaders } from 'node:http'
import { createServer } from 'node:https'
import type { AddressInfo } from 'node:net'

/** One request a push service received: where, its headers, and its (encrypted) body. */
type PushRequest = { path: string; headers: IncomingHttpHeaders; body: Buffer; status: number }

/**
 * A browser's side of a push subscription: the key pair and auth secret it would make, and the
 * decryption it would do. Written here with node:crypto from RFC 8291 (Web Push encryption) and
 * RFC 8188 (aes128gcm), not with the library the server sends with, so the test checks the
 * server against the standard rather than against itself.
 */
export type Subscriber = {
  endpoint: string
  keys: { p256dh: string; auth: string }
  /** What the server sent this subscriber, decrypted, oldest first. */
  received: () => unknown[]
}

/** The test push service's certificate (self-signed, for 127.0.0.1), for PUSH_SERVICE_CA. */
export const PUSH_SERVICE_CA = 'tests/fixtures/push-service.cert.pem'

export type PushService = {
  /** `127.0.0.1:<port>`, for PUSH_SERVICE_HOSTS. */
  host: string
  requests: PushRequest[]
  subscriber: (name: string) => Subscriber
  /** Answer requests to this subscriber with this status from now on (410: the subscription is gone). */
  answer: (name: string, status: number) => void
  close: () => Promise<void>
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest()
/** HKDF (RFC 5869) with one block of output, all that Web Push needs. */
const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) =>
  hmac(hmac(salt, ikm), Buffer.concat([info, Buffer.from([1])])).subarray(0, length)

/** RFC 8291 section 3.4 and RFC 8188: the plaintext of one aes128gcm message to this subscriber. */
function decrypt(body: Buffer, ua: ReturnType<typeof createECDH>, auth: Buffer): Buffer {
  const salt = body.subarray(0, 16)
  const recordSize = body.readUInt32BE(16)
  const idLength = body.readUInt8(20)
  const asPublic = body.subarray(21, 21 + idLength)
  const ciphertext = body.subarray(21 + idLength)
  if (ciphertext.length > recordSize) throw new Error('more than one record: not what a push message is')
  const uaPublic = ua.getPublicKey()
  const ecdhSecret = ua.computeSecret(asPublic)
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic])
  const ikm = hkdf(auth, ecdhSecret, keyInfo, 32)
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16)
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12)
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce)
  decipher.setAuthTag(ciphertext.subarray(-16))
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, -16)), decipher.final()])
  // The last record ends with the delimiter 2, then zeros.
  let end = padded.length - 1
  while (end >= 0 && padded[end] === 0) end--
  if (padded[end] !== 2) throw new Error('no last-record delimiter')
  return padded.subarray(0, end)
}

/**
 * RFC 8292: the request's `Authorization: vapid t=<JWT>, k=<key>` is an ES256 JWT signed by `k`,
 * for this push service's origin, not expired, naming a contact. Throws when it is not.
 */
function checkVapid(request: PushRequest, origin: string, publicKey?: string): { sub: string } {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(request.headers.authorization ?? '')
  if (!match?.[1] || !match[2]) throw new Error(`no VAPID authorization: ${request.headers.authorization}`)
  const [header, claims, signature] = match[1].split('.') as [string, string, string]
  const key = Buffer.from(match[2], 'base64url')
  if (publicKey && match[2] !== publicKey) throw new Error('signed with another key')
  const jwk = {
    kty: 'EC',
    crv: 'P-256',
    x: key.subarray(1, 33).toString('base64url'),
    y: key.subarray(33).toString('base64url'),
  }
  const valid = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  )
  if (!valid) throw new Error('the VAPID signature does not verify')
  const { aud, exp, sub } = JSON.parse(Buffer.from(claims, 'base64url').toString()) as {
    aud: string
    exp: number
    sub: string
  }
  if (aud !== origin) throw new Error(`the VAPID audience is ${aud}, not ${origin}`)
  if (exp * 1000 < Date.now() || exp * 1000 > Date.now() + 24 * 60 * 60 * 1000) throw new Error('bad VAPID expiry')
  if (!/^(mailto:|https:)/.test(sub)) throw new Error(`bad VAPID subject ${sub}`)
  return { sub }
}

/** A push service on localhost (https) that takes the server's real requests and lets subscribers read them. */
export async function startPushService(): Promise<PushService> {
  const requests: PushRequest[] = []
  const statuses = new Map<string, number>()
  const tls = { cert: readFileSync(PUSH_SERVICE_CA), key: readFileSync('tests/fixtures/push-service.key.pem') }
  const server = createServer(tls, (req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const path = req.url ?? '/'
      const status = statuses.get(path) ?? 201
      requests.push({ path, headers: req.headers, body: Buffer.concat(chunks), status })
      res.statusCode = status
      res.end()
    })
  })
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening))
  const { port } = server.address() as AddressInfo
  const origin = `https://127.0.0.1:${port}`
  return {
    host: `127.0.0.1:${port}`,
    requests,
    subscriber: (name) => {
      const ua = createECDH('prime256v1')
      ua.generateKeys()
      const auth = randomBytes(16)
      const path = `/push/${name}`
      return {
        endpoint: `${origin}${path}`,
        keys: { p256dh: ua.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
        received: () =>
          requests
            .filter((request) => request.path === path && request.status < 300)
            .map((request) => {
              if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm')
              checkVapid(request, origin)
              return JSON.parse(decrypt(request.body, ua, auth).toString('utf8')) as unknown
            }),
      }
    },
    answer: (name, status) => statuses.set(`/push/${name}`, status),
    close: () => new Promise<void>((closed) => server.close(() => closed())),
  }
}
