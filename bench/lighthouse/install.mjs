// The page-speed bench's tools (Lighthouse and its browser launcher, about 230 MB with what they
// bring) are not part of the project's npm install: only the bench uses them. This installs them
// into bench/lighthouse/node_modules the first time a Lighthouse bench runs (from this folder's
// lockfile, so every machine measures with the same versions), then typechecks the bench's code
// against them, which the project's typecheck cannot do without them.
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'

const here = import.meta.dirname
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'

if (!existsSync(join(here, 'node_modules', 'lighthouse', 'package.json'))) {
  console.log("Installing the page-speed bench's tools (Lighthouse) into bench/lighthouse/node_modules, once")
  execFileSync(npm, ['install', '--no-audit', '--no-fund'], { cwd: here, stdio: 'inherit' })
}
execFileSync(npm, ['exec', '--', 'tsc', '-p', join(here, 'tsconfig.json')], {
  cwd: join(here, '..', '..'),
  stdio: 'inherit',
})
