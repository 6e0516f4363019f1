import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, expect, test } from 'vitest'
import { DIST } from '../helpers/built-client.ts'

/**
 * The browser fetches the page's icon and the manifest's icons by itself while the page loads. An
 * SVG icon costs the page's main thread an SVG document of its own; a PNG does not
 * (scripts/render-icons.ts). So the built page and manifest name PNGs, of the sizes they say.
 */
beforeAll(() => {
  if (!existsSync(join(DIST, 'index.html'))) throw new Error('No build found: run npm run build first')
})

/** A PNG's width and height, from its header (the IHDR chunk). */
function pngSize(file: string): { width: number; height: number } {
  const bytes = readFileSync(join(DIST, file))
  expect(bytes.subarray(1, 4).toString('latin1'), `${file} is a PNG`).toBe('PNG')
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }
}

test('the page names PNG icons that are in the build', () => {
  const html = readFileSync(join(DIST, 'index.html'), 'utf8')
  const icons = [...html.matchAll(/<link rel="(icon|apple-touch-icon)"[^>]*href="\/([^"]+)"/g)].map((m) => m[2] ?? '')
  expect(icons).toEqual(['favicon-32.png', 'apple-touch-icon.png'])
  expect(pngSize('favicon-32.png')).toEqual({ width: 32, height: 32 })
  expect(pngSize('apple-touch-icon.png')).toEqual({ width: 180, height: 180 })
})

test('the manifest names PNG icons of the sizes it states, for installing the app', () => {
  const manifest = JSON.parse(readFileSync(join(DIST, 'manifest.webmanifest'), 'utf8')) as {
    icons: { src: string; sizes: string; type: string }[]
  }
  expect(manifest.icons.map((icon) => icon.sizes)).toEqual(['192x192', '512x512'])
  for (const icon of manifest.icons) {
    expect(icon.type).toBe('image/png')
    const [width, height] = icon.sizes.split('x').map(Number)
    expect(pngSize(icon.src.slice(1))).toEqual({ width, height })
  }
})
