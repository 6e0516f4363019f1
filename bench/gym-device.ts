import http from 'node:http'

/** One device of the gym bench: its own connections, every call timed and checked. */

export type Kind = 'new' | 'reused'
type Call = { status: number; body: string; kind: Kind }

/** One device: its own connection pool, as a phone or a laptop browser has. */
export class Device {
  private agent = new http.Agent({ keepAlive: true, maxSockets: 6 })
  constructor(
    private readonly base: string,
    private readonly cookie: string,
    private readonly record: (call: string, kind: Kind, ms: number, ok: boolean) => void,
    private readonly retried: () => void,
  ) {}

  /** The phone lost its connections (asleep, another network): the next call opens a new one. */
  drop(): void {
    this.agent.destroy()
    this.agent = new http.Agent({ keepAlive: true, maxSockets: 6 })
  }

  close(): void {
    this.agent.destroy()
  }

  async call(
    name: string,
    path: string,
    { method = 'GET', body, expect = 200 }: { method?: string; body?: unknown; expect?: number } = {},
  ): Promise<Call> {
    const payload = body === undefined ? undefined : JSON.stringify(body)
    const headers: Record<string, string> = { cookie: this.cookie, origin: this.base }
    if (payload !== undefined)
      Object.assign(headers, {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(payload)),
      })
    const t0 = performance.now()
    let answer = await this.send(path, method, headers, payload)
    // A kept-alive socket the server closed just as the call went out: a browser sends the call
    // again on a new connection (it never reached the server), and so does this device.
    if (answer.status === 0 && answer.kind === 'reused') {
      this.retried()
      answer = { ...(await this.send(path, method, headers, payload)), kind: 'new' }
    }
    const ok = answer.status === expect
    this.record(name, answer.kind, performance.now() - t0, ok)
    if (!ok) throw new Error(`${name}: answer ${answer.status} ${answer.body.slice(0, 200)}`)
    return answer
  }

  private send(
    path: string,
    method: string,
    headers: Record<string, string>,
    payload: string | undefined,
  ): Promise<Call> {
    return new Promise<Call>((resolve, reject) => {
      const req = http.request(`${this.base}${path}`, { method, headers, agent: this.agent }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            kind: req.reusedSocket ? 'reused' : 'new',
          }),
        )
        res.on('error', reject)
      })
      req.on('error', (error) => resolve({ status: 0, body: String(error), kind: req.reusedSocket ? 'reused' : 'new' }))
      req.end(payload)
    })
  }
}
