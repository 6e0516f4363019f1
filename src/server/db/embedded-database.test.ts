import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterEach, expect, test } from 'vitest'
import { makeEarlierReleaseFolder } from '../../../tests/helpers/earlier-release-folder.ts'
import { everyRow, onPgliteFolder, onServer } from '../../../tests/helpers/every-row.ts'
import { DataDirConflictError, openEmbeddedDatabase } from './embedded-database.ts'

// The embedded database of a data folder that an earlier release (PGlite) wrote: moved once into
// the server this release runs, every row, the old files kept aside.

const migrationsFolder = resolve('drizzle')
const folders: string[] = []
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
})

function dataFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'coachline-embedded-'))
  folders.push(folder)
  return folder
}

function open(dataDir: string, lines: string[] = []) {
  const log = {
    info: (m: string) => lines.push(m),
    warn: (m: string) => lines.push(m),
    error: (m: string) => lines.push(m),
  }
  return openEmbeddedDatabase({ dataDir, migrationsFolder, log })
}

const rowsOnServer = (url: string) => onServer(url, everyRow)
const rowsInFolder = (dir: string) => onPgliteFolder(dir, everyRow)

const backupsIn = (dataDir: string) => readdirSync(dataDir).filter((name) => name.startsWith('pglite-backup-'))

test('an earlier release’s folder is moved into the server at the first start: every row, its files kept aside, once', async () => {
  const dataDir = dataFolder()
  await makeEarlierReleaseFolder(dataDir, migrationsFolder)
  const lines: string[] = []
  const database = await open(dataDir, lines)
  let moved: Map<string, string[]>
  try {
    moved = await rowsOnServer(database.url)
  } finally {
    await database.close()
  }
  expect(lines.join('\n')).toMatch(/moving the database of an earlier release/)
  const [backup, ...more] = backupsIn(dataDir)
  expect(more).toEqual([])
  expect(lines.join('\n')).toContain(join(dataDir, backup as string))
  expect(existsSync(join(dataDir, 'PG_VERSION')), 'no PGlite file left at the root').toBe(false)

  // Every row of the old folder, now kept aside, is on the server, as it was.
  const kept = await rowsInFolder(join(dataDir, backup as string))
  expect(kept.get('set_logs')?.length).toBeGreaterThan(2000)
  expect(moved).toEqual(kept)

  // The next start moves nothing again, and finds the same rows.
  const later: string[] = []
  const again = await open(dataDir, later)
  try {
    expect(await rowsOnServer(again.url)).toEqual(moved)
  } finally {
    await again.close()
  }
  expect(later.join('\n')).not.toMatch(/earlier release/)
  expect(backupsIn(dataDir)).toEqual([backup])
}, 180_000)

test('a move cut short starts over at the next start and loses nothing', async () => {
  const dataDir = dataFolder()
  await makeEarlierReleaseFolder(dataDir, migrationsFolder)
  const before = await rowsInFolder(dataDir)
  // What a kill in the middle of the copy leaves: the record of a copy under way, a half-made server.
  writeFileSync(join(dataDir, '.moving-from-pglite.json'), JSON.stringify({ state: 'copying' }))
  mkdirSync(join(dataDir, 'postgres'))
  writeFileSync(join(dataDir, 'postgres', 'PG_VERSION'), '18\n')
  const database = await open(dataDir)
  try {
    expect(await rowsOnServer(database.url)).toEqual(before)
  } finally {
    await database.close()
  }
  expect(existsSync(join(dataDir, '.moving-from-pglite.json'))).toBe(false)
  expect(backupsIn(dataDir)).toHaveLength(1)
}, 180_000)

test('a folder holding both an earlier release’s files and a server of this one is refused, and nothing is deleted', async () => {
  const dataDir = dataFolder()
  const database = await open(dataDir)
  await database.close()
  await makeEarlierReleaseFolder(dataDir, migrationsFolder)
  const entries = readdirSync(dataDir).sort()
  await expect(open(dataDir)).rejects.toBeInstanceOf(DataDirConflictError)
  expect(readdirSync(dataDir).sort()).toEqual(entries)
  expect(existsSync(join(dataDir, 'postgres', 'PG_VERSION'))).toBe(true)
}, 180_000)
