import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type UserConfig } from 'vite'
import { compression } from 'vite-plugin-compression2'
import { VitePWA } from 'vite-plugin-pwa'
import { chunkFamily } from './scripts/first-paint/chunk-families.ts'
import { compileHints } from './scripts/first-paint/compile-hints.ts'
import { manifestModules } from './scripts/first-paint/manifest-modules.ts'
import { keptAddress, OFFLINE_CACHE } from './src/client/lib/offline-copies.ts'

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3001'}`

// `vite build --ssr` builds the public pages' renderer (scripts/first-paint/prerender-pages.mjs): the same
// screens for Node, without the styles, the service worker or the browser's chunking.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: isSsrBuild ? [react()] : clientPlugins(),
  build: isSsrBuild
    ? { outDir: 'dist/prerender', emptyOutDir: true, copyPublicDir: false, target: 'node20' }
    : clientBuild,
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
}))

function clientPlugins() {
  return [
    react(),
    tailwindcss(),
    VitePWA({
      registerType: 'autoUpdate',
      // A tiny external registerSW.js (no inline script for the CSP, no workbox-window in the entry).
      injectRegister: 'script-defer',
      // PNG icons (scripts/render-icons.ts says why not the SVG).
      includeAssets: ['favicon-32.png', 'apple-touch-icon.png'],
      manifest: {
        name: 'Coachline',
        short_name: 'Coachline',
        description: 'Training plans, set logging and chat for coaches and lifters.',
        theme_color: '#0f172a',
        background_color: '#ffffff',
        display: 'standalone',
        start_url: '/',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // The API reference's files (Swagger UI, 1.9 MB) are for the few who open it, not every phone.
        globIgnores: ['api-docs/**'],
        // Push notifications: showing them and opening their screen (docs/notifications.md).
        importScripts: ['/push-handler.js'],
        navigateFallback: '/index.html',
        // Links from emails (/api/auth/...) and every API call must reach the server.
        navigateFallbackDenylist: [/^\/api\//],
        cleanupOutdatedCaches: true,
        // Offline in the gym (docs/product.md#offline-logging): what the lifter's screens read comes
        // from the network when there is one, and from the last answer when there is not. (A session
        // being logged lives in IndexedDB, which is newer than any cached answer could be.)
        runtimeCaching: [
          {
            // The addresses the device keeps (src/client/lib/offline-copies.ts, whose pattern the app
            // also uses to keep the answers this worker never saw). Sign-out deletes this cache.
            urlPattern: keptAddress,
            handler: 'NetworkFirst',
            options: {
              cacheName: OFFLINE_CACHE,
              networkTimeoutSeconds: 5,
              expiration: { maxEntries: 200, maxAgeSeconds: 14 * 24 * 3600 },
              plugins: [
                {
                  // Only a success, and who-am-I only when it names a user: nothing is kept for a
                  // signed-out visitor (the rule of offline-copies.ts's isKept; this function is
                  // copied into the service worker as text, so it cannot call it).
                  cacheWillUpdate: async ({ request, response }) => {
                    if (response.status !== 200) return null
                    if (new URL(request.url).pathname !== '/api/me') return response
                    const me: unknown = await response
                      .clone()
                      .json()
                      .catch(() => null)
                    return me && typeof me === 'object' && 'user' in me && me.user ? response : null
                  },
                },
              ],
            },
          },
        ],
      },
    }),
    // (The build's own records in .vite/ are read by the server from disk, never sent.)
    compression({ algorithms: ['gzip', 'brotliCompress'], exclude: [/\.(png|jpe?g|webp|woff2?)$/, /^\.vite\//] }),
    compileHints(),
    manifestModules(),
  ]
}

const clientBuild: UserConfig['build'] = {
  outDir: 'dist/client',
  emptyOutDir: true,
  manifest: true,
  sourcemap: false,
  target: 'es2022',
  rolldownOptions: {
    output: {
      codeSplitting: {
        // Fewer, larger chunks: every chunk costs a phone a request and its own compression
        // dictionary (docs/first-paint.md#chunks).
        groups: [
          // Everything the entry loads, in the entry's file, and out of reach of the groups below.
          { name: 'app', tags: ['$initial'], priority: 30 },
          // The lazily loaded code by the family of screens that use it.
          { name: chunkFamily, priority: 10, includeDependenciesRecursively: false },
          // The icons and library pieces the screens share, reached through the libraries' barrels.
          { name: 'libs', test: /node_modules\/(lucide-react|@tanstack|zod)\//, priority: 5 },
          // The sign-in page's own small pieces (the /auth budget, decision 001).
          {
            name: 'auth-kit',
            test: /src\/client\/(features\/auth\/(api|auth-errors|validation|return-to|components\/(auth-card|new-password-fields))|components\/ui\/(field|input|label)|lib\/(notify|error-text))|src\/shared\/schemas\/(auth|profiles)/,
          },
        ],
      },
    },
  },
}
