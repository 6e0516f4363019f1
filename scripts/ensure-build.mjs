// Builds the app when dist/ is missing or older than any source it is built from.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

const STAMP = 'dist/.build-stamp'
const INPUTS = [
  'src',
  'public',
  'scripts',
  'index.html',
  'vite.config.ts',
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
]

function newestMtime(path) {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)))
  return newest
}

export function needsBuild() {
  if (!existsSync(STAMP) || !existsSync('dist/server/index.js') || !existsSync('dist/client/index.html')) return true
  const built = statSync(STAMP).mtimeMs
  return INPUTS.some((input) => newestMtime(input) > built)
}

export function ensureBuild() {
  if (!needsBuild()) return
  console.log('Building Coachline (npm run build)…')
  // Always a production build: a caller's NODE_ENV (Vitest sets 'test') would otherwise give
  // React's development build, twice the size and slower.
  const result = spawnSync('npm', ['run', 'build', '--silent'], {
    stdio: 'inherit',
    shell: process.platform === 'win32',
    env: { ...process.env, NODE_ENV: 'production' },
  })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

if (import.meta.url === `file://${process.argv[1]}`) ensureBuild()
