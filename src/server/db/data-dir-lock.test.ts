import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { DataDirInUseError, LOCK_FILE, lockDataDir, type DataDirLock } from './data-dir-lock.ts'
import { openEmbeddedDatabase } from './embedded-database.ts'

let dir: string
const locks: DataDirLock[] = []

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'coachline-lock-unit-'))
})

afterEach(() => {
  for (const lock of locks.splice(0)) lock.release()
  rmSync(dir, { recursive: true, force: true })
})

function take(folder: string): DataDirLock {
  const lock = lockDataDir(folder)
  locks.push(lock)
  return lock
}

function refusal(folder: string): DataDirInUseError {
  try {
    take(folder)
  } catch (error) {
    if (error instanceof DataDirInUseError) return error
    throw error
  }
  throw new Error(`${folder} was locked twice`)
}

test('a folder is taken once: a second lock is refused with the absolute folder and the holder, and free again once released', () => {
  const first = take(relative(process.cwd(), dir))
  expect(first.dataDir).toBe(dir)
  expect(readFileSync(join(dir, LOCK_FILE), 'utf8').trim()).toBe(String(process.pid))

  const error = refusal(dir)
  expect(error.dataDir).toBe(dir)
  expect(error.holderPid).toBe(process.pid)
  expect(error.message).toContain(dir)
  expect(error.message).toMatch(/another Coachline server/)

  first.release()
  first.release()
  expect(take(dir).dataDir).toBe(dir)
})

test('makes the folder when it does not exist yet', () => {
  const nested = join(dir, 'a', 'b')
  expect(take(nested).dataDir).toBe(nested)
})

/** A separate node process that takes the lock the way the module does and holds it until killed. */
async function holderProcess(folder: string) {
  const script = `
    const { tryLock } = require('fs-native-extensions')
    const fs = require('node:fs')
    const fd = fs.openSync(${JSON.stringify(join(folder, LOCK_FILE))}, fs.constants.O_RDWR | fs.constants.O_CREAT, 0o600)
    if (!tryLock(fd)) process.exit(3)
    fs.writeSync(fd, process.pid + '\\n', 0)
    process.stdout.write('locked')
    setInterval(() => {}, 60_000)
  `
  const child = spawn(process.execPath, ['-e', script], { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'inherit'] })
  const exited = new Promise((resolve) => child.once('exit', resolve))
  await new Promise<void>((resolve, reject) => {
    child.stdout.once('data', () => resolve())
    child.once('exit', (code) => reject(new Error(`the holder exited with ${code}`)))
  })
  return { child, exited }
}

test('a folder held by another process is refused, and taken over once that process is killed', async () => {
  const holder = await holderProcess(dir)
  try {
    expect(refusal(dir).holderPid).toBe(holder.child.pid)
    // No clean-up by the holder: the kernel drops its lock when it dies.
    holder.child.kill('SIGKILL')
    await holder.exited
    expect(take(dir).dataDir).toBe(dir)
  } finally {
    holder.child.kill('SIGKILL')
  }
})

test('the embedded database takes the lock before it starts its server and gives it back when closed', async () => {
  const open = () =>
    openEmbeddedDatabase({
      dataDir: dir,
      migrationsFolder: 'drizzle',
      log: { info: () => {}, warn: () => {}, error: () => {} },
    })
  const database = await open()
  try {
    await expect(open()).rejects.toBeInstanceOf(DataDirInUseError)
    await database.ping()
  } finally {
    await database.close()
  }
  const again = await open()
  await again.ping()
  await again.close()
}, 60_000)
