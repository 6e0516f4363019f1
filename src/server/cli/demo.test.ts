import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, expect, test } from 'vitest'
import { parseEnv } from '#server/lib/env.ts'
import { start } from '#server/server.ts'

const run = promisify(execFile)
const dataDir = mkdtempSync(join(tmpdir(), 'coachline-demo-'))
// The API is what this test reads; an empty folder stands in for the built web app.
const clientDist = mkdtempSync(join(tmpdir(), 'coachline-demo-client-'))
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true })
  rmSync(clientDist, { recursive: true, force: true })
})

function demo(...args: string[]) {
  return run('node_modules/.bin/tsx', ['src/server/cli/demo.ts', ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
  }).then(
    ({ stdout }) => ({ code: 0, out: stdout }),
    (error: { code: number; stderr: string }) => ({ code: error.code, out: error.stderr }),
  )
}

test.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
  'npm run demo fills an empty data folder once, and the printed coach signs in and sees five clients with their sessions',
  async () => {
    const first = await demo()
    expect(first.code).toBe(0)
    expect(first.out).toContain('coach@demo.coachline.app')
    const password = /with the password (\S+) as:/.exec(first.out)?.[1]
    expect(password).toBeTruthy()

    const again = await demo()
    expect(again.code).toBe(1)
    expect(again.out).toContain('already has 6 users')
    expect(again.out).toContain('--force')
    expect(await demo('--force')).toMatchObject({
      code: 1,
      out: expect.stringContaining('The demo coach coach@demo.coachline.app is there already'),
    })

    const server = await start(parseEnv({ PORT: '0', DATA_DIR: dataDir, CLIENT_DIST: clientDist, LOG_LEVEL: 'silent' }))
    try {
      const signIn = await fetch(`${server.url}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url },
        body: JSON.stringify({ email: 'coach@demo.coachline.app', password }),
      })
      expect(signIn.status).toBe(200)
      const cookie = signIn.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ')
      const get = async <T>(path: string) => {
        const res = await fetch(`${server.url}${path}`, { headers: { cookie } })
        expect(res.status, path).toBe(200)
        return (await res.json()) as T
      }

      const clients =
        await get<
          { clientId: string; displayName: string; missedLastTwo: boolean; activePlan: { name: string } | null }[]
        >('/api/clients')
      expect(clients.map((c) => c.displayName)).toEqual([
        'Jordan Blake',
        'Leo Marchetti',
        'Maya Chen',
        'Priya Natarajan',
        'Sam Okafor',
      ])
      expect(clients.every((c) => c.activePlan?.name === 'Strength Foundations')).toBe(true)
      expect(clients.filter((c) => c.missedLastTwo).map((c) => c.displayName)).toEqual(['Jordan Blake'])

      const maya = clients.find((c) => c.displayName === 'Maya Chen')
      const sessions = await get<{ status: string; week: number; day: number }[]>(
        `/api/sessions?clientId=${maya?.clientId}&limit=100`,
      )
      expect(sessions.length).toBe(33)
      expect(sessions.every((s) => s.status === 'completed')).toBe(true)
      expect(sessions[0]).toMatchObject({ week: 12, day: 1 })
    } finally {
      await server.stop()
    }
  },
  180_000,
)
