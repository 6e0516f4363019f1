import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, expect, test } from 'vitest'
import { parseEnv } from '#server/lib/env.ts'
import { start } from '#server/server.ts'

const run = promisify(execFile)
const dataDir = mkdtempSync(join(tmpdir(), 'coachline-admin-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

function admin(...args: string[]) {
  return run('node_modules/.bin/tsx', ['src/server/cli/admin.ts', ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
  }).then(
    ({ stdout }) => ({ code: 0, out: stdout }),
    (error: { code: number; stderr: string }) => ({ code: error.code, out: error.stderr }),
  )
}

test.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
  'npm run admin sets a role while the server runs (beside it, on its database) and when none runs',
  async () => {
    const server = await start(parseEnv({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }))
    try {
      const signUp = await fetch(`${server.url}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url },
        body: JSON.stringify({ email: 'future.coach@example.test', password: 'Str0ngPassword', name: '' }),
      })
      expect(signUp.status).toBe(200)

      expect(await admin('set-role', 'Future.Coach@example.test', 'coach')).toEqual({
        code: 0,
        out: 'Future.Coach@example.test is now a coach (future.coach).\n',
      })
      expect(await admin('set-role', 'nobody@example.test', 'coach')).toEqual({
        code: 1,
        out: 'No user with the email nobody@example.test\n',
      })
      expect((await admin('set-role', 'future.coach@example.test', 'admin')).code).toBe(2)
    } finally {
      await server.stop()
    }
    expect(await admin('set-role', 'future.coach@example.test', 'client')).toEqual({
      code: 0,
      out: 'future.coach@example.test is now a client (future.coach).\n',
    })
  },
  // Two opens of the embedded database and four CLI processes under tsx: on a busy machine, a minute.
  120_000,
)
