import { readFileSync } from 'node:fs'
import { Agent } from 'node:https'
import { rootCertificates } from 'node:tls'
import webpush from 'web-push'
import type { Db } from '#server/db/client.ts'
import type { Env } from '#server/lib/env.ts'
import { getOrCreateSecret } from '#server/lib/secrets.ts'
import { pushServiceHosts } from './push-endpoints.ts'

/** The server's VAPID identity: the key pair push services check its requests against, and a contact. */
type Vapid = { publicKey: string; privateKey: string; subject: string }

/** What the app's icon counts for a person (their unread messages and comments), which a push carries. */
export type UnreadCount = (db: Db, who: { id: string; role: 'coach' | 'client' }) => Promise<number>

/**
 * How this server sends Web Push: its VAPID identity, the push services beyond the browsers'
 * own it may send to, the connection that trusts the operator's CA for them when one is set, and
 * the count for the app's icon (the features that own what is unread give it: this one is below
 * them).
 */
export type PushConfig = { vapid: Vapid; extraHosts: string[]; agent?: Agent; unreadCount?: UnreadCount }

export async function loadPushConfig(
  db: Db,
  env: Pick<
    Env,
    'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT' | 'MAIL_FROM' | 'PUSH_SERVICE_HOSTS' | 'PUSH_SERVICE_CA'
  >,
  { unreadCount }: { unreadCount?: UnreadCount } = {},
): Promise<PushConfig> {
  const ca = env.PUSH_SERVICE_CA ? readFileSync(env.PUSH_SERVICE_CA, 'utf8') : null
  return {
    vapid: await loadVapid(db, env),
    ...(unreadCount ? { unreadCount } : {}),
    extraHosts: pushServiceHosts(env.PUSH_SERVICE_HOSTS),
    ...(ca ? { agent: new Agent({ keepAlive: true, ca: [...rootCertificates, ca] }) } : {}),
  }
}

const VAPID_SECRET = 'vapid_keys'

/**
 * The operator's key pair when set (both halves), or the one this database keeps: made once, on the
 * first start, and the same for every server on the database. A new pair would end every device's
 * subscription, so it is never made again.
 */
async function loadVapid(
  db: Db,
  env: Pick<Env, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT' | 'MAIL_FROM'>,
): Promise<Vapid> {
  const subject = env.VAPID_SUBJECT ?? `mailto:${mailAddressOf(env.MAIL_FROM)}`
  if (env.VAPID_PUBLIC_KEY || env.VAPID_PRIVATE_KEY) {
    if (!env.VAPID_PUBLIC_KEY || !env.VAPID_PRIVATE_KEY)
      throw new Error('Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither (the database then keeps a pair)')
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject }
  }
  const stored = await getOrCreateSecret(db, VAPID_SECRET, () => JSON.stringify(webpush.generateVAPIDKeys()))
  const { publicKey, privateKey } = JSON.parse(stored) as { publicKey: string; privateKey: string }
  return { publicKey, privateKey, subject }
}

/** no-reply@coachline.local from `Coachline <no-reply@coachline.local>`. */
function mailAddressOf(from: string): string {
  return /<([^<>\s]+)>/.exec(from)?.[1] ?? from.trim()
}
