import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { checkMailSetup, parseEnv } from '#server/lib/env.ts'
import { createTestApp, postJson, uniqueEmail, type TestContext } from '../../../../tests/helpers/test-app.ts'
import { extractLinks } from './mailer.ts'

type Received = { from: string; to: string[]; raw: string }
const received: Received[] = []

// A real SMTP server on loopback: the app talks to it as it would to any mail relay.
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = []
    stream.on('data', (chunk: Buffer) => chunks.push(chunk))
    stream.on('end', () => {
      received.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((r) => r.address),
        raw: Buffer.concat(chunks).toString('utf8'),
      })
      callback()
    })
  },
})

let t: TestContext
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
  const address = smtp.server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Coachline <hello@coachline.test>' })
})
afterAll(async () => {
  await t.close()
  await new Promise<void>((resolve) => smtp.close(() => resolve()))
})

test('with SMTP_URL, the confirmation email goes over SMTP with text and HTML', async () => {
  const email = uniqueEmail('smtp')
  const res = await postJson(t, '/api/auth/sign-up/email', { email, password: 'Str0ngPassword', name: '' })
  expect(res.status).toBe(200)
  await expect.poll(() => received.find((m) => m.to.includes(email))).toBeTruthy()
  const message = received.find((m) => m.to.includes(email)) as Received
  expect(message.from).toBe('hello@coachline.test')
  const raw = decodeQuotedPrintable(message.raw)
  expect(raw).toMatch(/^Subject: Confirm your Coachline account$/m)
  expect(raw).toMatch(/Content-Type: multipart\/alternative/)
  expect(raw).toMatch(/Content-Type: text\/plain/)
  expect(raw).toMatch(/Content-Type: text\/html/)
  expect(raw).toContain('/auth/callback?type=signup&token=')
  expect(raw).toContain('Confirm my email')
})

test('with SMTP_URL, the outbox does not exist', async () => {
  const res = await t.app.request('/api/dev/outbox')
  expect(res.status).toBe(404)
})

test('without SMTP_URL the server refuses a non-loopback HOST', () => {
  expect(() => checkMailSetup(parseEnv({ HOST: '0.0.0.0' }))).toThrow(/SMTP_URL is required/)
  expect(() => checkMailSetup(parseEnv({ HOST: '0.0.0.0', SMTP_URL: 'smtp://relay:25' }))).not.toThrow()
  expect(() => checkMailSetup(parseEnv({ HOST: '127.0.0.1' }))).not.toThrow()
  // Behind a proxy the server listens on loopback, but the world reaches it.
  expect(() => checkMailSetup(parseEnv({ HOST: '127.0.0.1', PUBLIC_URL: 'https://coachline.example' }))).toThrow(
    /SMTP_URL is required/,
  )
})

test('links are listed once each, in order', () => {
  expect(extractLinks('Go: https://a.test/x?token=1 and http://b.test/y. Again https://a.test/x?token=1')).toEqual([
    'https://a.test/x?token=1',
    'http://b.test/y',
  ])
})

/** Enough MIME decoding to read what nodemailer wrote (soft line breaks and =XX escapes). */
function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
}
