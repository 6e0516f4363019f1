/**
 * Renders the PNG icons in public/ from public/favicon.svg with Chromium (`npm run icons`).
 *
 * The browser fetches a page's favicon and its manifest's icons on its own. An SVG icon costs the
 * page's main thread an SVG document of its own (40-50 ms in Chromium) while the page loads; a PNG
 * is decoded in well under a millisecond. So the page and the manifest name these PNGs, and the
 * SVG stays the one source they are drawn from. Run this again after changing the SVG.
 */
import { readFileSync } from 'node:fs'
import { chromium } from '@playwright/test'

const SIZES: Record<string, number> = { 'favicon-32.png': 32, 'apple-touch-icon.png': 180, 'icon-192.png': 192, 'icon-512.png': 512 }

const svg = readFileSync('public/favicon.svg', 'utf8')
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' })
try {
  const page = await browser.newPage()
  for (const [file, size] of Object.entries(SIZES)) {
    await page.setViewportSize({ width: size, height: size })
    const sized = svg.replace('<svg ', `<svg width="${size}" height="${size}" `)
    await page.setContent(`<style>html,body{margin:0;background:transparent}svg{display:block}</style>${sized}`)
    await page.screenshot({ path: `public/${file}`, omitBackground: true })
    console.log(`public/${file}: ${size}×${size}`)
  }
} finally {
  await browser.close()
}
