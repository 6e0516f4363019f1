import { BlockList, isIP } from 'node:net'
import * as z from 'zod/mini'
import { withoutTrailing } from '#shared/text.ts'

const text = z.string().check(z.minLength(1))
const integer = (min: number, max = Number.MAX_SAFE_INTEGER) =>
  z.coerce.number().check(z.int('must be an integer'), z.gte(min), z.lte(max))
const flag = z.pipe(
  z.enum(['0', '1', 'true', 'false']),
  z.transform((v) => v === '1' || v === 'true'),
)

/** Every environment variable the server reads (README lists them). Empty values count as unset. */
const EnvSchema = z.object({
  NODE_ENV: z._default(z.enum(['development', 'production', 'test']), 'production'),
  PORT: z._default(integer(0, 65535), 3000),
  HOST: z._default(text, '127.0.0.1'),
  PUBLIC_URL: z.optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })),
  DATA_DIR: z._default(text, './data'),
  DATABASE_URL: z.optional(z.string().check(z.regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL'))),
  // One app server's connections, and the time limits on each (docs/database.md#time-limits).
  DATABASE_POOL_SIZE: z._default(integer(1, 1000), 10),
  API_CONCURRENCY: z._default(integer(1, 10_000), 8),
  DATABASE_STATEMENT_TIMEOUT_MS: z._default(integer(0), 15_000),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: z._default(integer(0), 30_000),
  AUTH_SECRET: z.optional(z.string().check(z.minLength(32, 'must be at least 32 characters'))),
  LOG_LEVEL: z._default(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info'),
  CLIENT_DIST: z._default(text, './dist/client'),
  MIGRATIONS_DIR: z._default(text, './drizzle'),
  SHUTDOWN_TIMEOUT_MS: z._default(integer(0), 10_000),
  // An idle connection is kept this long (Node's default is 5 s): a lifter's phone rests 1-3
  // minutes between sets, and a new connection for each set costs a handshake (and a TLS one
  // behind a proxy). At most 4 minutes, under Node's 5-minute limit on a whole request.
  KEEP_ALIVE_TIMEOUT_MS: z._default(integer(1000, 240_000), 240_000),
  ENABLE_TEST_API: z._default(flag, false),
  // Behind a reverse proxy: take the client's address from the last X-Forwarded-For entry.
  TRUST_PROXY: z._default(flag, false),
  SMTP_URL: z.optional(z.string().check(z.regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL'))),
  MAIL_FROM: z._default(text, 'Coachline <no-reply@coachline.local>'),
  // Auth limits (docs/decisions/004-accounts.md): attempts per fixed window.
  RATE_LIMIT_SIGN_IN_PER_IP: z._default(integer(1), 300),
  RATE_LIMIT_SIGN_IN_PER_EMAIL: z._default(integer(1), 20),
  RATE_LIMIT_FAILED_SIGN_IN_PER_ACCOUNT: z._default(integer(1), 100),
  RATE_LIMIT_SIGN_UP_PER_IP: z._default(integer(1), 50),
  RATE_LIMIT_EMAIL_PER_IP: z._default(integer(1), 50),
  RATE_LIMIT_EMAIL_PER_ADDRESS: z._default(integer(1), 5),
  // Calls per personal API token per minute (docs/api.md).
  RATE_LIMIT_API_TOKEN_PER_MINUTE: z._default(integer(1), 600),
  // Web Push (docs/notifications.md): the server's VAPID key pair, made once and kept in the
  // database when unset; who the push services may contact about it; push services beyond the
  // browsers' own (host or host:port, https), and a CA certificate (PEM file) to trust for them.
  VAPID_PUBLIC_KEY: z.optional(z.string().check(z.regex(/^[\w-]{87}$/, 'must be a P-256 public key in base64url'))),
  VAPID_PRIVATE_KEY: z.optional(z.string().check(z.regex(/^[\w-]{43}$/, 'must be a P-256 private key in base64url'))),
  VAPID_SUBJECT: z.optional(z.string().check(z.regex(/^(mailto:|https:\/\/)\S+$/, 'must be a mailto: or https: URL'))),
  PUSH_SERVICE_HOSTS: z._default(z.string(), ''),
  PUSH_SERVICE_CA: z.optional(text),
  // Progress photos (docs/progress-photos.md#storage): in DATA_DIR/photos, or in this bucket of
  // an S3-compatible service when S3_BUCKET is set (with the endpoint and keys).
  S3_BUCKET: z.optional(text),
  S3_ENDPOINT: z.optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })),
  S3_ACCESS_KEY_ID: z.optional(text),
  S3_SECRET_ACCESS_KEY: z.optional(text),
  S3_REGION: z._default(text, 'us-east-1'),
  S3_PATH_STYLE: z.optional(flag),
})

export type Env = z.infer<typeof EnvSchema>

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''))
  const result = EnvSchema.safeParse(present)
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid environment:\n${lines.join('\n')}`)
  }
  return result.data
}

/** Outbox links sign people in: without SMTP the server may only listen on loopback (docs/product.md#our-server-in-place-of-a-hosted-backend). */
export function checkMailSetup(env: Pick<Env, 'SMTP_URL' | 'HOST' | 'PUBLIC_URL'>): void {
  if (!env.SMTP_URL && !isLocalOnly(env)) {
    throw new Error(
      `SMTP_URL is required when HOST (${env.HOST}) or PUBLIC_URL (${env.PUBLIC_URL ?? 'unset'}) is not a loopback address: the development outbox would expose sign-in links`,
    )
  }
}

/** Reachable only from this machine: a loopback HOST and, behind a proxy, a loopback PUBLIC_URL. */
export function isLocalOnly(env: Pick<Env, 'HOST' | 'PUBLIC_URL'>): boolean {
  return isLoopbackHost(env.HOST) && (!env.PUBLIC_URL || isLoopbackHost(new URL(env.PUBLIC_URL).hostname))
}

const LOOPBACK = new BlockList()
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4')
LOOPBACK.addAddress('::1', 'ipv6')

/**
 * Whether a host name or address (a Host header's, a URL's, HOST's, a socket's) can only mean
 * this machine: `localhost` (any case, one trailing dot allowed), an IPv4 address in 127.0.0.0/8
 * written as four decimal numbers, or ::1 in any spelling, bracketed or not (IPv4-mapped
 * loopback addresses count too). Anything else is a name that DNS may point anywhere, so
 * `127.0.0.1.evil.example`, `localhost.evil.example`, `evil.localhost` and the short or hex
 * spellings of 127.0.0.1 (`127.1`, `0x7f000001`) are not loopback, nor is `127.0.0.1.`.
 */
export function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase()
  if (name === 'localhost' || name === 'localhost.') return true
  const bracketed = name.startsWith('[') && name.endsWith(']')
  const address = bracketed ? name.slice(1, -1) : name
  const family = isIP(address)
  if (family === 4 && !bracketed) return LOOPBACK.check(address, 'ipv4')
  if (family === 6 && !address.includes('%')) return LOOPBACK.check(address, 'ipv6')
  return false
}

/** The origin users reach the app at: PUBLIC_URL, or the address the server listens on. */
export function publicUrl(env: Pick<Env, 'PUBLIC_URL' | 'HOST' | 'PORT'>): string {
  if (env.PUBLIC_URL) return withoutTrailing(env.PUBLIC_URL, '/')
  const host = env.HOST.includes(':') ? `[${env.HOST}]` : env.HOST
  return `http://${host}:${env.PORT}`
}
