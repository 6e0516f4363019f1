// Renders the public pages to HTML for visitors who are not signed in (src/client/prerender.tsx),
// after the client's build: `node scripts/first-paint/prerender-pages.mjs [client folder]`. The server puts
// that HTML into those pages (src/server/first-paint/pages.ts).
import { writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'vite'

// React's production build renders what the browser's production build hydrates.
process.env.NODE_ENV = 'production'
const clientDist = resolve(process.argv[2] ?? 'dist/client')

await build({ build: { ssr: 'src/client/prerender.tsx' }, logLevel: 'warn' })
const { PRERENDERED_PATHS, prerenderPage } = await import(pathToFileURL(resolve('dist/prerender/prerender.js')).href)
const pages = {}
for (const path of PRERENDERED_PATHS) pages[path] = await prerenderPage(path)
writeFileSync(join(clientDist, '.vite', 'prerendered.json'), JSON.stringify(pages))
console.log(`Prerendered ${Object.keys(pages).join(', ')} into ${join(clientDist, '.vite', 'prerendered.json')}`)
