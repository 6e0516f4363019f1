import { spawnSync } from 'node:child_process'

/** These tests run dist/server/index.js: build it first when the sources are newer. */
export default function globalSetup() {
  const build = spawnSync('node', ['scripts/ensure-build.mjs'], { stdio: 'inherit' })
  if (build.status !== 0) throw new Error('npm run build failed')
}
