import { readEvents } from '../tests/helpers/sse.ts'
import { measureTask, report, send, signInUser, type BenchServer, type Figure, link } from './lib.ts'

const COACHES = 20
const CLIENTS_PER_COACH = 10
const MESSAGES = 1000

/**
 * Chat delivery (decision 011): 200 clients hold an open stream on one server process while their
 * coaches write to them; delivery is the time from sending a message to its arrival on the
 * recipient's stream. Beside it, the floor: the send's own round trip.
 */
export async function benchChat(server: BenchServer, label: string): Promise<void> {
  const coaches = await Promise.all(Array.from({ length: COACHES }, () => signInUser(server.url, 'coach')))
  const pairs: { coach: { id: string; cookie: string }; client: { id: string; cookie: string } }[] = []
  for (const coach of coaches) {
    const clients = await Promise.all(Array.from({ length: CLIENTS_PER_COACH }, () => signInUser(server.url, 'client')))
    for (const client of clients) {
      await link(server, coach.email, client.email)
      pairs.push({ coach, client })
    }
  }

  const arrivals = new Map<string, (at: number) => void>()
  const streams = await Promise.all(
    pairs.map(async ({ client }) => {
      const res = await fetch(`${server.url}/api/chat/stream`, { headers: { cookie: client.cookie } })
      if (res.status !== 200 || !res.body) throw new Error(`stream: answer ${res.status}`)
      let ready: () => void = () => {}
      const isReady = new Promise<void>((resolve) => (ready = resolve))
      const events = readEvents(res.body, (event) => {
        if (event.event === 'ready') ready()
        if (event.event !== 'message') return
        const id = (JSON.parse(event.data) as { id: string }).id
        arrivals.get(id)?.(performance.now())
      })
      await isReady
      return events
    }),
  )

  const write = async (i: number) => {
    const pair = pairs[i % pairs.length]
    if (!pair) throw new Error('no pair')
    const id = crypto.randomUUID()
    const arrived = new Promise<number>((resolve) => arrivals.set(id, resolve))
    const t0 = performance.now()
    const res = await send(`${server.url}/api/chat/${pair.client.id}/messages`, {
      method: 'POST',
      headers: { cookie: pair.coach.cookie, 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ id, body: `Message ${i}: how did the session go?` }),
    })
    if (res.status !== 201) throw new Error(`send: answer ${res.status} ${res.body}`)
    const answered = performance.now()
    const at = await Promise.race([
      arrived,
      new Promise<number>((_, reject) =>
        setTimeout(() => reject(new Error(`message ${i} not delivered in 10 s`)), 10_000),
      ),
    ])
    arrivals.delete(id)
    return { sent: answered - t0, delivered: at - t0 }
  }

  await measureTask('warm-up', 200, 4, async (i) => void (await write(i)))
  const sent: number[] = []
  const delivered = await measureTask(
    `delivered to its stream (${pairs.length} open, 4 senders)`,
    MESSAGES,
    4,
    async (i) => {
      const result = await write(i)
      sent.push(result.sent)
    },
  )
  // measureTask timed each whole task (send + arrival); the sends alone are the floor.
  sent.sort((a, b) => a - b)
  const at = (p: number) => sent[Math.min(sent.length - 1, Math.ceil((p / 100) * sent.length) - 1)] ?? NaN
  const floor: Figure = {
    name: 'floor: the send alone (POST answered)',
    count: sent.length,
    median: at(50),
    p95: at(95),
    p99: at(99),
    perSecond: delivered.perSecond,
  }
  report(`${label}: chat delivery with ${pairs.length} open streams on one process`, [floor, delivered], floor)
  console.log(
    `  delivery: median ${delivered.median.toFixed(1)} ms, p99 ${delivered.p99.toFixed(1)} ms (send to arrival on the recipient's stream)`,
  )
  await Promise.all(streams.map((s) => s.close()))
}
