import { closeSync, constants, ftruncateSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { tryLock, unlock } from 'fs-native-extensions'

/** The file in the data folder whose lock marks the folder as taken. */
export const LOCK_FILE = '.lock'

/** Thrown when another process (or another database of this one) has the data folder open. */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holderPid: number | null,
  ) {
    super(
      `The data folder ${dataDir} is in use by another Coachline server${holderPid ? ` (process ${holderPid})` : ''}. ` +
        'Stop that server first, or give this one another DATA_DIR.',
    )
    this.name = 'DataDirInUseError'
  }
}

export type DataDirLock = {
  /** The folder, as an absolute path. */
  dataDir: string
  /** Gives the folder up; calling it again does nothing. */
  release: () => void
}

// The descriptors of the locks this process holds. A lock lives exactly as long as its descriptor
// stays open; a bare descriptor number is never closed by the garbage collector, and keeping it
// here makes sure nothing drops the last reference to it while the database is open.
const held = new Map<string, number>()

/**
 * Takes the data folder for this process, or throws DataDirInUseError at once.
 *
 * The embedded PostgreSQL has no guard of its own against a second process opening its folder: two
 * would each keep their own view of the files and overwrite each other's writes. The lock is the
 * operating system's (an open-file-description lock on Linux, flock on macOS, LockFileEx on
 * Windows) on DATA_DIR/.lock: it belongs to the open descriptor, so the kernel drops it when the
 * holder exits however it exits (even SIGKILL); a folder left by a dead server is
 * free again without anyone cleaning up. A second descriptor in the same process conflicts too.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  const dir = resolve(dataDir)
  mkdirSync(dir, { recursive: true })
  const file = join(dir, LOCK_FILE)
  const fd = openSync(file, constants.O_RDWR | constants.O_CREAT, 0o600)
  let locked: boolean
  try {
    locked = tryLock(fd)
  } catch (error) {
    closeSync(fd)
    throw error
  }
  if (!locked) {
    closeSync(fd)
    throw new DataDirInUseError(dir, holderOf(file))
  }
  // For the message a second server prints: which process has the folder.
  try {
    ftruncateSync(fd, 0)
    writeSync(fd, `${process.pid}\n`, 0)
  } catch {
    // The pid is only a hint; the lock is what counts.
  }
  held.set(dir, fd)
  let released = false
  return {
    dataDir: dir,
    release: () => {
      if (released) return
      released = true
      held.delete(dir)
      try {
        unlock(fd)
      } finally {
        closeSync(fd)
      }
    },
  }
}

function holderOf(file: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8'), 10)
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null
  } catch {
    return null
  }
}
