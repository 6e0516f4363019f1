/**
 * The logo's shapes, the one source of the inline logo (brand.tsx) and of the PNG icons
 * (scripts/render-icons.ts draws them from here).
 */
export const LOGO_MARK = {
  viewBox: '0 0 64 64',
  tile: { width: 64, height: 64, rx: 14, fill: '#0f172a' },
  barbell: { d: 'M14 27h6v10h-6zM44 27h6v10h-6zM20 23h5v18h-5zM39 23h5v18h-5zM25 30h14v4H25z', fill: '#38bdf8' },
} as const
