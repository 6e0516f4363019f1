import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { expect, test } from 'vitest'
import { builtManifest, DIST, type BuiltChunk } from '../helpers/built-client.ts'

/** The /auth budget: the JavaScript it loads is at most 150 KB compressed (docs/product.md#measured-budgets). */
const BUDGET_BYTES = 150 * 1024
/** The module of the screen the router renders at /auth (src/client/app/router.tsx). */
const AUTH_SCREEN = 'src/client/app/routes/auth/auth-page.tsx'

function staticClosure(manifest: Record<string, BuiltChunk>, keys: string[]): Set<string> {
  const files = new Set<string>()
  const seen = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key)) return
    seen.add(key)
    const chunk = manifest[key]
    if (!chunk) throw new Error(`${key} is not in the build manifest`)
    files.add(chunk.file)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  keys.forEach(visit)
  return files
}

test('/auth loads at most 150 KB of compressed JavaScript', () => {
  const manifest = builtManifest()
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry)
  if (!entry) throw new Error('no entry in the build manifest')
  // The entry and everything it imports, the /auth screen's chunk and what it imports, and the
  // service-worker registration script that every page loads.
  const files = staticClosure(manifest, [entry, AUTH_SCREEN])
  if (existsSync(join(DIST, 'registerSW.js'))) files.add('registerSW.js')
  const sizes = [...files].map((file) => ({
    file,
    gzip: gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length,
  }))
  const total = sizes.reduce((sum, s) => sum + s.gzip, 0)
  console.info(`/auth JavaScript: ${(total / 1024).toFixed(1)} KB gzip in ${files.size} files`)
  expect(files.size).toBeGreaterThan(1)
  expect(total, JSON.stringify(sizes, null, 1)).toBeLessThanOrEqual(BUDGET_BYTES)
})
