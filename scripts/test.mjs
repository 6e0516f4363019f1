// npm test: typecheck, lint, formatting, the docs' links, unused code (knip), build, unit + API integration tests on
// the bundled PostgreSQL server (started for the run, as the app runs it by default), the same
// integration suite on another PostgreSQL server when TEST_DATABASE_URL is set (CI: Debian's, the
// oldest version DATABASE_URL supports), and the browser tests in Chromium. The quick checks come first so that a mistake fails in seconds.
//
//   TEST_DATABASE_URL  a PostgreSQL server the tests may create databases on (.ci/run starts one)
//   CHROMIUM_PATH      the Chromium to drive (default /usr/bin/chromium)
//   REQUIRE_BROWSER=1  or CI=true: a missing Chromium fails the run instead of skipping browser tests
//   REQUIRE_POSTGRES=1 or CI=true: a missing TEST_DATABASE_URL fails the run
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { BROWSER_REPORT, browserDigest } from './browser-digest.mjs'

const ci = process.env.CI === 'true' || process.env.CI === '1'
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const requireBrowser = ci || process.env.REQUIRE_BROWSER === '1'
const requirePostgres = ci || process.env.REQUIRE_POSTGRES === '1'

const results = []

/** Runs one step; `report` prints what the step's own output says too far up to be read from the log's end. */
function step(name, command, args, env = {}, report = () => []) {
  console.log(`\n━━ ${name}: ${[command, ...args].join(' ')}`)
  const started = Date.now()
  const run = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  const ok = run.status === 0
  results.push({ name, ok, seconds: ((Date.now() - started) / 1000).toFixed(1) })
  const lines = report()
  if (lines.length) console.log(`\n━━ ${name}: in short\n${lines.join('\n')}`)
  if (!ok) finish()
}

function skip(name, why, fatal) {
  console.log(`\n━━ ${name}: ${fatal ? 'FAILED' : 'skipped'}: ${why}`)
  results.push({ name, ok: !fatal, skipped: !fatal, seconds: '0.0' })
  if (fatal) finish()
}

function finish() {
  console.log('\n━━ Summary')
  for (const r of results) console.log(`  ${r.ok ? (r.skipped ? 'SKIP' : 'PASS') : 'FAIL'}  ${r.name} (${r.seconds} s)`)
  const passed = results.filter((r) => r.ok && !r.skipped).length
  const failed = results.filter((r) => !r.ok).length
  console.log(`steps: ${passed} passed, ${failed} failed`)
  process.exit(failed ? 1 : 0)
}

step('typecheck', 'npx', ['tsc', '-b'])
step('lint', 'npx', ['eslint', '--max-warnings=0', '.'])
step('formatting', 'npx', ['prettier', '--check', '.'])
step('docs links', 'node', ['scripts/check-doc-links.mjs'])
step('unused files, exports and dependencies', 'npx', ['knip'])
step('build', 'node', ['scripts/ensure-build.mjs'])
step('unit and API integration tests (bundled PostgreSQL)', 'npx', ['vitest', 'run'], { TEST_DATABASE_URL: '' })

if (process.env.TEST_DATABASE_URL) {
  step('API integration tests (PostgreSQL of TEST_DATABASE_URL)', 'npx', ['vitest', 'run', '--project', 'server'])
} else {
  skip(
    'API integration tests (PostgreSQL of TEST_DATABASE_URL)',
    'TEST_DATABASE_URL is not set (see README)',
    requirePostgres,
  )
}

if (existsSync(chromium)) {
  step(
    `browser tests (Chromium at ${chromium})`,
    'npx',
    ['playwright', 'test', '--reporter=list,json'],
    { CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_FILE: BROWSER_REPORT },
    browserDigest,
  )
} else {
  skip('browser tests', `no Chromium at ${chromium}: apt-get install chromium, or set CHROMIUM_PATH`, requireBrowser)
}

finish()
