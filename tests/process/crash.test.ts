import { expect, test } from 'vitest'
import { startBuiltServer } from '../helpers/built-server.ts'
import { cleanUpAfterEach } from '../helpers/process-cleanup.ts'
import { lifterWithSession, logSet, setIdsOf } from '../helpers/lifter.ts'

const LOOPS = 4

const cleanup = cleanUpAfterEach()

test('every set the server acknowledged is still there after it is killed mid-write and restarted', async () => {
  const dataDir = cleanup.dataDir('coachline-crash-')
  const first = cleanup.track(await startBuiltServer({}, { dataDir }))
  const lifters = await Promise.all(Array.from({ length: LOOPS }, () => lifterWithSession(first.url)))

  const acknowledged = lifters.map(() => new Set<string>())
  let killed = false
  const loops = lifters.map(async (lifter, n) => {
    for (let i = 0; !killed; i++) {
      const setId = crypto.randomUUID()
      const status = await logSet(first.url, lifter, setId, i).catch(() => null)
      if (status === null) return // the connection died with the server
      if (status >= 200 && status < 300) acknowledged[n]?.add(setId)
    }
  })

  // Kill it while every loop has a write in flight.
  const deadline = Date.now() + 30_000
  while (acknowledged.reduce((sum, ids) => sum + ids.size, 0) < 200 && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 20))
  first.child.kill('SIGKILL')
  killed = true
  await first.exited
  await Promise.all(loops)
  const total = acknowledged.reduce((sum, ids) => sum + ids.size, 0)
  expect(total).toBeGreaterThanOrEqual(200)

  const restarted = cleanup.track(await startBuiltServer({}, { dataDir }))
  for (const [n, lifter] of lifters.entries()) {
    const stored = await setIdsOf(restarted.url, lifter)
    const lost = [...(acknowledged[n] ?? [])].filter((id) => !stored.has(id))
    expect(lost, `lifter ${n}: acknowledged sets missing after the restart`).toEqual([])
  }
})
