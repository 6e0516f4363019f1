import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { beforeAll, expect, test } from 'vitest'
import { COMPILE_HINT } from '../../scripts/first-paint/compile-hints.ts'
import { builtManifest, DIST, type BuiltChunk } from '../helpers/built-client.ts'

/**
 * The entry's chunk opens with V8's compile hint, so a phone compiles its functions while the file
 * downloads rather than on the main thread as each is first called (scripts/first-paint/compile-hints.ts). The
 * server sends the precompressed copies: they must hold exactly the same file.
 */
let manifest: Record<string, BuiltChunk>

beforeAll(() => {
  manifest = builtManifest()
})

test('the entry opens with the compile hint, in the file and in the copies the server sends', () => {
  const entries = Object.values(manifest).filter((chunk) => chunk.isEntry)
  expect(entries).toHaveLength(1)
  const file = join(DIST, entries[0]?.file ?? '')
  const code = readFileSync(file)
  expect(code.toString('utf8').split('\n', 1)[0]).toBe(COMPILE_HINT)
  expect(brotliDecompressSync(readFileSync(`${file}.br`)).equals(code), 'the .br copy').toBe(true)
  expect(gunzipSync(readFileSync(`${file}.gz`)).equals(code), 'the .gz copy').toBe(true)
})

test('the lazily loaded chunks do not: most of their functions wait for a screen that may never open', () => {
  const lazy = Object.values(manifest).filter((chunk) => !chunk.isEntry && chunk.file.endsWith('.js'))
  expect(lazy.length).toBeGreaterThan(10)
  for (const chunk of lazy)
    expect(readFileSync(join(DIST, chunk.file), 'utf8').startsWith(COMPILE_HINT), chunk.file).toBe(false)
})
