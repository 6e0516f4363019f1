import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { Plugin } from 'vite'

/**
 * V8's explicit compile hint (Chrome 136 and later): a script whose first line is this comment has
 * every function compiled while the file streams in, on a background thread, instead of each one
 * on the main thread the first time it is called (docs/decisions/032-entry-compile-hint.md).
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad'

/**
 * Puts the compile hint on the entry's chunk, whose functions nearly all run while a page loads
 * (React, the router, TanStack Query, the app's frame). It goes in last, once the bundler has
 * added its own first line (the map of what each lazy import preloads) and after minification,
 * which drops comments; the precompressed copies the server sends are made again to match.
 */
export function compileHints(): Plugin {
  return {
    name: 'coachline:compile-hints',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || !chunk.isEntry) continue
          chunk.code = `${COMPILE_HINT}\n${chunk.code}`
          // One line more at the top: the source map's lines move down by one.
          if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`
          const map = bundle[`${chunk.fileName}.map`]
          if (map?.type === 'asset' && chunk.map) map.source = chunk.map.toString()
          const brotli = bundle[`${chunk.fileName}.br`]
          if (brotli?.type === 'asset')
            brotli.source = brotliCompressSync(chunk.code, {
              params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
            })
          const gzip = bundle[`${chunk.fileName}.gz`]
          if (gzip?.type === 'asset') gzip.source = gzipSync(chunk.code, { level: constants.Z_BEST_COMPRESSION })
        }
      },
    },
  }
}
