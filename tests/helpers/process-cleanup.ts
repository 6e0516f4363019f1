import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach } from 'vitest'
import type { ServerProcess } from './built-server.ts'

/** What a process test leaves behind is gone after each test: its servers killed, its data folders removed. */
export function cleanUpAfterEach() {
  const servers: ServerProcess[] = []
  const folders: string[] = []
  afterEach(async () => {
    for (const server of servers.splice(0)) {
      server.child.kill('SIGKILL')
      await server.exited
    }
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
