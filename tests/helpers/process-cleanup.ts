import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach } from 'vitest'
import { SERVER_FOLDER } from '../../src/server/db/embedded-postgres.ts'
import { postmasterPid } from '../../src/server/db/embedded-postgres-process.ts'
import type { ServerProcess } from './built-server.ts'

/** What a process test leaves behind is gone after each test: its servers killed, its data folders removed. */
export function cleanUpAfterEach() {
  const servers: ServerProcess[] = []
  const folders: string[] = []
  afterEach(async () => {
    const killed = servers.splice(0)
    for (const server of killed) {
      server.child.kill('SIGKILL')
      await server.exited
    }
    // A killed app leaves its database server running (the next app on the folder would stop it).
    // Only once every app of a folder is dead: the server there may be a later app's.
    for (const dataDir of new Set(killed.map((server) => server.dataDir))) await stopDatabaseServer(dataDir)
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
  })
  return {
    /** This server is killed after the test (if it is still running). */
    track: <T extends ServerProcess>(server: T): T => {
      servers.push(server)
      return server
    },
    /** A fresh data folder, removed after the test. */
    dataDir: (prefix: string): string => {
      const folder = mkdtempSync(join(tmpdir(), prefix))
      folders.push(folder)
      return folder
    },
  }
}

/** The process id of the embedded database server running on a data folder, or null. */
export function databaseServerPid(dataDir: string): number | null {
  const pid = postmasterPid(join(dataDir, SERVER_FOLDER))
  return pid && isAlive(pid) ? pid : null
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

async function stopDatabaseServer(dataDir: string): Promise<void> {
  const pid = databaseServerPid(dataDir)
  if (!pid) return
  process.kill(pid, 'SIGQUIT')
  for (let i = 0; i < 100 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 50))
  if (isAlive(pid)) process.kill(pid, 'SIGKILL')
}
