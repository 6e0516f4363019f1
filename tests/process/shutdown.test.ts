import http from 'node:http'
import { afterEach, expect, test } from 'vitest'
import { startBuiltServer, type ServerProcess } from '../helpers/built-server.ts'
import { cleanUpAfterEach } from '../helpers/process-cleanup.ts'
import { signIn } from '../helpers/lifter.ts'

const SHUTDOWN_TIMEOUT_MS = 2000
// What "exits in time" means: the shutdown timeout, the final deadline's margin and process start-up slack.
const EXIT_WITHIN_MS = SHUTDOWN_TIMEOUT_MS + 5000

const cleanup = cleanUpAfterEach()
const sockets: { destroy: () => void }[] = []

afterEach(() => {
  for (const socket of sockets.splice(0)) socket.destroy()
})

/** SIGTERM, then how long the process took to exit (or 'still running' after the allowance plus 10 s). */
async function terminate(server: ServerProcess) {
  const started = performance.now()
  server.child.kill('SIGTERM')
  let timer: NodeJS.Timeout | undefined
  const result = await Promise.race([
    server.exited,
    new Promise<'still running'>(
      (resolve) => (timer = setTimeout(() => resolve('still running'), EXIT_WITHIN_MS + 10_000)),
    ),
  ])
  clearTimeout(timer)
  return { result, ms: performance.now() - started }
}

/** Opens the chat's event stream as a signed-in user and resolves once its first event arrived. */
function openChatStream(url: string, cookie: string): Promise<http.ClientRequest> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${url}/api/chat/stream`, { headers: { cookie, accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`the stream answered ${res.statusCode}`))
      res.once('data', () => resolve(request))
      res.on('error', () => {})
    })
    request.on('error', () => {})
    sockets.push(request)
  })
}

/** A keep-alive agent left holding an idle connection to the server, as a browser does between requests. */
async function idleKeepAlive(url: string): Promise<http.Agent> {
  const agent = new http.Agent({ keepAlive: true, keepAliveMsecs: 60_000 })
  sockets.push(agent)
  await new Promise<void>((resolve, reject) => {
    http
      .get(`${url}/api/health`, { agent }, (res) => {
        res.resume()
        res.once('end', () => resolve())
      })
      .on('error', reject)
  })
  return agent
}

async function requests(url: string, count: number, concurrency = 20) {
  let next = 0
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < count)
        await fetch(`${url}/api/health`).then(
          (r) => r.arrayBuffer(),
          () => null,
        )
    }),
  )
}

test('SIGTERM with an open chat stream and an idle keep-alive connection: the process exits in time', async () => {
  const server = cleanup.track(await startBuiltServer({ SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS) }))
  const { cookie } = await signIn(server.url, 'client')
  await openChatStream(server.url, cookie)
  await idleKeepAlive(server.url)

  const { result, ms } = await terminate(server)
  expect(result, `exit after ${Math.round(ms)} ms`).toEqual({ code: 0, signal: null })
  // Nothing here is stuck: the streams end and the connections close without waiting for the timeout.
  expect(ms).toBeLessThan(SHUTDOWN_TIMEOUT_MS)
})

test('SIGTERM while the reader of its log stream has gone (EPIPE on stdout): the process exits in time', async () => {
  const server = cleanup.track(
    await startBuiltServer({ SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS), LOG_LEVEL: 'info' }, { stdout: 'pipe' }),
  )
  // Whatever reads the logs goes away: every write from now on fails with EPIPE.
  server.child.stdout?.destroy()
  const { cookie } = await signIn(server.url, 'client')
  await openChatStream(server.url, cookie)
  await requests(server.url, 200)

  const { result, ms } = await terminate(server)
  expect(result, `exit after ${Math.round(ms)} ms`).toEqual({ code: 0, signal: null })
  expect(ms).toBeLessThan(EXIT_WITHIN_MS)
})

test('SIGTERM while the reader of its log stream has stalled (stdout full): the process exits in time', async () => {
  const server = cleanup.track(
    await startBuiltServer({ SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS), LOG_LEVEL: 'info' }, { stdout: 'pipe' }),
  )
  // Whatever reads the logs stops reading (a terminal paused, a stuck log shipper): the pipe fills up.
  server.child.stdout?.pause()
  const { cookie } = await signIn(server.url, 'client')
  await openChatStream(server.url, cookie)
  // A request log line is about 200 bytes: far more than the pipe and this side's buffer hold.
  await requests(server.url, 3000)

  const { result, ms } = await terminate(server)
  expect(result, `exit after ${Math.round(ms)} ms`).toEqual({ code: 0, signal: null })
  expect(ms).toBeLessThan(EXIT_WITHIN_MS)
})

/** A request whose body never finishes arriving: the server keeps waiting for it. */
function unfinishedRequest(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${url}/api/testing/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': '1000' },
    })
    request.on('error', () => {})
    request.on('socket', (socket) => socket.once('connect', () => setTimeout(resolve, 200)))
    request.on('response', () => reject(new Error('the unfinished request was answered')))
    request.write('{"email":')
    sockets.push(request)
  })
}

test('SIGTERM with a request still in flight at the end of the budget: its connection is cut and the process exits', async () => {
  const server = cleanup.track(await startBuiltServer({ SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS) }))
  await unfinishedRequest(server.url)

  const { result, ms } = await terminate(server)
  expect(result, `exit after ${Math.round(ms)} ms`).toEqual({ code: 0, signal: null })
  expect(ms).toBeGreaterThanOrEqual(SHUTDOWN_TIMEOUT_MS - 100)
  expect(ms).toBeLessThan(EXIT_WITHIN_MS)
})

test('a second SIGTERM during the shutdown exits at once', async () => {
  const server = cleanup.track(await startBuiltServer({ SHUTDOWN_TIMEOUT_MS: '60000' }))
  await unfinishedRequest(server.url)

  const started = performance.now()
  server.child.kill('SIGTERM')
  await new Promise((r) => setTimeout(r, 500))
  expect(server.child.exitCode, 'still shutting down after the first signal').toBeNull()
  server.child.kill('SIGTERM')
  const result = await server.exited
  expect(result).toEqual({ code: 128 + 15, signal: null })
  expect(performance.now() - started).toBeLessThan(5000)
})
