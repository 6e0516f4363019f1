/**
 * Renders the PNG icons in public/ from the logo's shapes with Chromium (`npm run icons`).
 *
 * The browser fetches a page's favicon and its manifest's icons on its own. An SVG icon costs the
 * page's main thread an SVG document of its own (40-50 ms in Chromium) while the page loads; a PNG
 * is decoded in well under a millisecond. So the page and the manifest name these PNGs, drawn
 * from the same shapes as the inline logo. Run this again after changing them.
 */
import { chromium } from '@playwright/test'
import { LOGO_MARK } from '../src/client/components/layouts/logo-mark.ts'

const SIZES: Record<string, number> = {
  'favicon-32.png': 32,
  'apple-touch-icon.png': 180,
  'icon-192.png': 192,
  'icon-512.png': 512,
}

const { viewBox, tile, barbell } = LOGO_MARK
const svgOf = (size: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}" width="${size}" height="${size}">` +
  `<rect width="${tile.width}" height="${tile.height}" rx="${tile.rx}" fill="${tile.fill}"/><path d="${barbell.d}" fill="${barbell.fill}"/></svg>`
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' })
try {
  const page = await browser.newPage()
  for (const [file, size] of Object.entries(SIZES)) {
    await page.setViewportSize({ width: size, height: size })
    await page.setContent(`<style>html,body{margin:0;background:transparent}svg{display:block}</style>${svgOf(size)}`)
    await page.screenshot({ path: `public/${file}`, omitBackground: true })
    console.log(`public/${file}: ${size}×${size}`)
  }
} finally {
  await browser.close()
}
