import { readFileSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import type { Plugin } from 'vite'

type ManifestEntry = { file: string; src?: string; isDynamicEntry?: boolean }

/**
 * Vite's build manifest has a key for a lazily loaded module only when the module got a chunk of
 * its own. One that joined a kit (scripts/first-paint/chunk-families.ts: the signed-in frame, the route guard,
 * the home and session screens) would have none, and the server, which names a route's chunks in
 * the page by looking its modules up in the manifest (src/server/first-paint/pages.ts), would name
 * none for it. This adds a key for every lazily loaded module inside such a chunk, with the
 * chunk's own entry (its file and the chunks it imports).
 */
export function manifestModules(): Plugin {
  let root = process.cwd()
  return {
    name: 'coachline:manifest-modules',
    apply: 'build',
    configResolved(config) {
      root = config.root
    },
    writeBundle(options, bundle) {
      if (!options.dir) return
      const path = join(options.dir, '.vite', 'manifest.json')
      let manifest: Record<string, ManifestEntry>
      try {
        manifest = JSON.parse(readFileSync(path, 'utf8')) as Record<string, ManifestEntry>
      } catch {
        return // A build without `build.manifest`.
      }
      const keyOfFile = new Map(Object.entries(manifest).map(([key, entry]) => [entry.file, key]))
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue
        const key = keyOfFile.get(chunk.fileName)
        const entry = key === undefined ? undefined : manifest[key]
        // The entry's modules are loaded with the page; the server never names them.
        if (!entry || chunk.isEntry) continue
        for (const id of chunk.moduleIds) {
          if (id.startsWith('\0') || !this.getModuleInfo(id)?.dynamicImporters.length) continue
          const src = relative(root, id)
          manifest[src] ??= { ...entry, src, isDynamicEntry: true }
        }
      }
      writeFileSync(path, `${JSON.stringify(manifest, null, 2)}\n`)
    },
  }
}
