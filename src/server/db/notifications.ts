import { sql, type SQL } from 'drizzle-orm'
import pg from 'pg'

/**
 * PostgreSQL's LISTEN/NOTIFY, for news that every server process must hear (a revoked session,
 * a chat message): one dedicated connection per process listens and comes back on its own after
 * a lost connection.
 */
type Listener = {
  onMessage: (payload: string) => void
  /** The listening connection was lost and is back: notifications in between may be missed. */
  onGap?: () => void
}

export type Notifications = {
  listen: (channel: string, listener: Listener) => Promise<() => void>
  close: () => Promise<void>
}

const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/

function checkChannel(channel: string): void {
  if (!CHANNEL.test(channel)) throw new Error(`not a channel name: ${channel}`)
}

/**
 * The channel of the signed-in app's live stream: chat messages, receipts and comments on sessions,
 * which the chat hub relays to every open stream (features/chat/chat.hub.ts).
 */
export const LIVE_CHANNEL = 'coachline_chat'

/** What notify() needs of a database handle or a transaction (client.ts's Db or Tx). */
type SqlRunner = { execute: (query: SQL) => PromiseLike<unknown> }

/** Sends a notification; inside a transaction it is delivered on commit (and never on rollback). */
export async function notify(db: SqlRunner, channel: string, payload: string): Promise<void> {
  checkChannel(channel)
  await db.execute(sql`select pg_notify(${channel}, ${payload})`)
}

class Subscribers {
  private readonly byChannel = new Map<string, Set<Listener>>()

  add(channel: string, listener: Listener): boolean {
    checkChannel(channel)
    let set = this.byChannel.get(channel)
    const isNew = !set
    if (!set) this.byChannel.set(channel, (set = new Set()))
    set.add(listener)
    return isNew
  }

  remove(channel: string, listener: Listener): boolean {
    const set = this.byChannel.get(channel)
    set?.delete(listener)
    if (set?.size !== 0) return false
    this.byChannel.delete(channel)
    return true
  }

  deliver(channel: string, payload: string): void {
    for (const listener of this.byChannel.get(channel) ?? []) listener.onMessage(payload)
  }

  gap(): void {
    for (const set of this.byChannel.values()) for (const listener of set) listener.onGap?.()
  }

  channels(): string[] {
    return [...this.byChannel.keys()]
  }
}

const RETRY_MS = [100, 250, 500, 1000, 2000, 5000]
/** A half-open connection (a NAT or proxy dropped it silently) fires no error: a probe finds it. */
const PROBE_EVERY_MS = 20_000
const PROBE_TIMEOUT_MS = 5_000

/** One LISTEN connection per process, opened on first use, reconnected with backoff when lost. */
export function postgresNotifications(url: string): Notifications {
  const subscribers = new Subscribers()
  let client: pg.Client | null = null
  let opening: Promise<pg.Client> | null = null
  let closed = false
  let failures = 0

  const quote = (channel: string) => `"${channel}"`

  async function open(): Promise<pg.Client> {
    const c = new pg.Client({ connectionString: url, keepAlive: true })
    c.on('notification', (message) => subscribers.deliver(message.channel, message.payload ?? ''))
    c.on('error', () => lost(c))
    c.on('end', () => lost(c))
    try {
      await c.connect()
      for (const channel of subscribers.channels()) await c.query(`listen ${quote(channel)}`)
    } catch (error) {
      await c.end().catch(() => {})
      throw error
    }
    return c
  }

  // The probe: a listening connection that cannot answer `select 1` in time is treated as lost.
  const probe = setInterval(() => {
    const c = client
    if (!c) return
    const timeout = new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('no answer')), PROBE_TIMEOUT_MS).unref(),
    )
    Promise.race([c.query('select 1'), timeout]).catch(() => lost(c))
  }, PROBE_EVERY_MS)
  probe.unref()

  function connection(): Promise<pg.Client> {
    if (client) return Promise.resolve(client)
    opening ??= open().then(
      (c) => {
        client = c
        opening = null
        failures = 0
        return c
      },
      (error: unknown) => {
        opening = null
        throw error
      },
    )
    return opening
  }

  function lost(c: pg.Client): void {
    if (client !== c) return
    client = null
    void c.end().catch(() => {})
    if (!closed) reconnect()
  }

  function reconnect(): void {
    const delay = RETRY_MS[Math.min(failures, RETRY_MS.length - 1)] ?? 5000
    failures += 1
    setTimeout(() => {
      if (closed) return
      connection().then(
        () => subscribers.gap(),
        () => reconnect(),
      )
    }, delay).unref()
  }

  return {
    listen: async (channel, listener) => {
      const isNew = subscribers.add(channel, listener)
      try {
        const c = await connection()
        if (isNew) await c.query(`listen ${quote(channel)}`)
      } catch (error) {
        subscribers.remove(channel, listener)
        throw error
      }
      return () => {
        if (subscribers.remove(channel, listener)) void client?.query(`unlisten ${quote(channel)}`).catch(() => {})
      }
    },
    close: async () => {
      closed = true
      clearInterval(probe)
      const c = client ?? (await opening?.catch(() => null))
      client = null
      await c?.end().catch(() => {})
    },
  }
}
