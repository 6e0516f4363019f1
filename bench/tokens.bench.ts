import { measureTask, report, send, signInUser, type BenchServer } from './lib.ts'

const COUNT = Number(process.env.BENCH_TOKENS_COUNT ?? 2000)
const CONCURRENCY = 10
/** Calls spread over several tokens, so that no token reaches its per-minute limit during the run. */
const TOKENS = 10

/**
 * What a personal API token costs per call (docs/api.md): GET /api/me as a visitor (the floor, no
 * lookup), with a sign-in cookie (served from the session cache after the first call), and with
 * a token (its lookup by hash and its rate-limit upsert, on every call).
 */
export async function benchTokens(server: BenchServer, label: string): Promise<void> {
  const user = await signInUser(server.url, 'client')
  const tokens: string[] = []
  for (let i = 0; i < TOKENS; i++) {
    const res = await send(`${server.url}/api/tokens`, {
      method: 'POST',
      headers: { cookie: user.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `Bench ${i}`, scope: 'read' }),
    })
    if (res.status !== 201) throw new Error(`could not make a bench token: ${res.status} ${res.body}`)
    tokens.push((JSON.parse(res.body) as { token: string }).token)
  }
  const call = (name: string, headers: (i: number) => Record<string, string>) =>
    measureTask(name, COUNT, CONCURRENCY, async (i) => {
      const res = await send(`${server.url}/api/me`, { headers: headers(i) })
      if (res.status !== 200) throw new Error(`${name}: answer ${res.status} ${res.body}`)
    })
  // Warm both paths up first.
  await call('warm-up', (i): Record<string, string> =>
    i % 2 ? { cookie: user.cookie } : { authorization: `Bearer ${tokens[i % TOKENS]}` },
  )
  const floor = await call('GET /api/me as a visitor', () => ({}))
  const cookie = await call('GET /api/me with a cookie', () => ({ cookie: user.cookie }))
  const token = await call('GET /api/me with an API token', (i) => ({ authorization: `Bearer ${tokens[i % TOKENS]}` }))
  report(`${label}: API token authentication, ${COUNT} calls, ${CONCURRENCY} at a time`, [floor, cookie, token], floor)
}
