/**
 * What this device remembers for the screens that the server may read too: a few values kept in
 * cookies, so that a screen the server draws (src/client/prerender.tsx) shows them as the browser
 * will. Everything else the device keeps (the offline queue, the session copies) is the browser's
 * alone.
 */

/** The Cookie header of the request being drawn on the server, while it is. */
let drawing: string | null = null

/** Runs `draw` (synchronous) with `cookieHeader` as the device's cookies. */
export function withRequestCookies<T>(cookieHeader: string, draw: () => T): T {
  drawing = cookieHeader
  try {
    return draw()
  } finally {
    drawing = null
  }
}

/** A cookie's value, or null. */
export function readDeviceCookie(name: string): string | null {
  const cookies = drawing ?? (typeof document === 'undefined' ? '' : document.cookie)
  for (const part of cookies.split(';')) {
    const at = part.indexOf('=')
    if (at >= 0 && part.slice(0, at).trim() === name) {
      try {
        return decodeURIComponent(part.slice(at + 1).trim())
      } catch {
        return null
      }
    }
  }
  return null
}

/** Keeps a value on this device for a year, for this site's pages alone. */
export function writeDeviceCookie(name: string, value: string): void {
  const secure = location.protocol === 'https:' ? '; Secure' : ''
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${365 * 24 * 3600}; Path=/; SameSite=Lax${secure}`
}
