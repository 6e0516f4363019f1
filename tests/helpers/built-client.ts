import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/** Where `npm run build` puts the web app, as the server serves it. */
export const DIST = 'dist/client'

/** One chunk of Vite's build manifest, keyed by its source module. */
export type BuiltChunk = { file: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean }

/** The build's manifest: each source module's chunk and the chunks it imports. */
export function builtManifest(): Record<string, BuiltChunk> {
  const file = join(DIST, '.vite/manifest.json')
  if (!existsSync(file)) throw new Error('No build found: run npm run build first')
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, BuiltChunk>
}
