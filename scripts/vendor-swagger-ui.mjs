// Copies the two files of Swagger UI the API reference page serves (its bundle and its style
// sheet), with its licence, from the npm registry's swagger-ui-dist package into
// public/api-docs/swagger-ui/, and records there the version, the tarball's integrity and each
// file's SHA-256.
// The whole package (12 MB, mostly source maps and three other builds) stays out of the install.
//
//   node scripts/vendor-swagger-ui.mjs 5.35.0
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, copyFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const FILES = ['swagger-ui-bundle.js', 'swagger-ui.css', 'LICENSE', 'NOTICE']
const target = fileURLToPath(new URL('../public/api-docs/swagger-ui/', import.meta.url))

const version = process.argv[2]
if (!version || !/^\d+\.\d+\.\d+$/.test(version)) {
  console.error('Usage: node scripts/vendor-swagger-ui.mjs <version>, for example 5.35.0')
  process.exit(1)
}

const work = mkdtempSync(join(tmpdir(), 'swagger-ui-'))
try {
  const [packed] = JSON.parse(
    execFileSync('npm', ['pack', `swagger-ui-dist@${version}`, '--json', '--pack-destination', work], {
      encoding: 'utf8',
      // npm is npm.cmd on Windows, which only a shell runs.
      shell: process.platform === 'win32',
    }),
  )
  // npm pack refuses a tarball that differs from the registry's integrity; this checks that the
  // file on disk is still the one it fetched, before anything is taken out of it.
  const tarball = join(work, packed.filename)
  const sha512 = `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`
  if (sha512 !== packed.integrity) throw new Error(`the tarball's integrity ${sha512} is not ${packed.integrity}`)
  execFileSync('tar', ['-xzf', tarball, '-C', work, ...FILES.map((file) => `package/${file}`)])
  rmSync(target, { recursive: true, force: true })
  mkdirSync(target, { recursive: true })
  for (const file of FILES) copyFileSync(join(work, 'package', file), join(target, file))
  // Each file's SHA-256, for a test to see that none was edited after.
  const files = Object.fromEntries(
    FILES.map((file) => [
      file,
      createHash('sha256')
        .update(readFileSync(join(target, file)))
        .digest('hex'),
    ]),
  )
  const record = { package: 'swagger-ui-dist', version: packed.version, integrity: packed.integrity, files }
  writeFileSync(join(target, 'VERSION.json'), `${JSON.stringify(record, null, 2)}\n`)
  console.log(`Swagger UI ${packed.version} is in ${target}`)
} finally {
  rmSync(work, { recursive: true, force: true })
}
