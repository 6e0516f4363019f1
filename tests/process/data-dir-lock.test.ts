import { expect, test } from 'vitest'
import {
  freePort,
  spawnBuiltServer,
  startBuiltServer,
  waitHealthy,
  type ServerProcess,
} from '../helpers/built-server.ts'
import { cleanUpAfterEach } from '../helpers/process-cleanup.ts'
import { lifterWithSession, logSet, setIdsOf } from '../helpers/lifter.ts'

const cleanup = cleanUpAfterEach()

/** The exit code, or 'still running' when the process is alive after `withinMs`. */
async function exitCodeOf(server: ServerProcess, withinMs: number): Promise<number | null | 'still running'> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<'still running'>(
    (resolve) => (timer = setTimeout(() => resolve('still running'), withinMs)),
  )
  const result = await Promise.race([server.exited, timeout])
  clearTimeout(timer)
  return result === 'still running' ? result : result.code
}

test('one server per data folder: a second one exits naming the folder, the first keeps serving, a dead one is taken over', async () => {
  const dataDir = cleanup.dataDir('coachline-lock-')
  const first = cleanup.track(await startBuiltServer({}, { dataDir }))
  const lifter = await lifterWithSession(first.url)
  expect(await logSet(first.url, lifter, crypto.randomUUID(), 1)).toBe(200)

  // Another port, and the first one's own port: either way the folder is refused before the port matters.
  for (const port of [await freePort(), first.port]) {
    const second = cleanup.track(await spawnBuiltServer({ dataDir, port, captureStderr: true }))
    const code = await exitCodeOf(second, 20_000)
    expect(code, `the second server (port ${port}) must not start`).not.toBe('still running')
    expect(code, 'a failure exit code').toBeGreaterThan(0)
    expect(second.stderr()).toContain(dataDir)
    expect(second.stderr()).toMatch(/another Coachline server/i)
    expect(second.stderr(), 'a plain message, not a stack trace').not.toMatch(/^\s+at /m)

    expect((await fetch(`${first.url}/api/health`)).status).toBe(200)
    expect(await logSet(first.url, lifter, crypto.randomUUID(), 2)).toBe(200)
  }
  const written = await setIdsOf(first.url, lifter)
  expect(written.size).toBe(3)

  // The kernel drops the lock of a killed process: the next server takes the folder over.
  first.child.kill('SIGKILL')
  await first.exited
  const next = cleanup.track(await spawnBuiltServer({ dataDir, captureStderr: true }))
  await waitHealthy(next)
  expect(await setIdsOf(next.url, lifter)).toEqual(written)
  expect(await logSet(next.url, lifter, crypto.randomUUID(), 4)).toBe(200)
})
