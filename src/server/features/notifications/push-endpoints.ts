import { parse } from 'node:url'

/**
 * The push services of the browsers that deliver Web Push: a subscription's endpoint must be one of
 * them (or of the operator's `PUSH_SERVICE_HOSTS`), so that the server never sends requests where
 * a caller points it (an address inside the operator's network, say).
 */
const BROWSER_PUSH_SERVICES = [
  'fcm.googleapis.com', // Chrome, and Chromium's other browsers
  'android.googleapis.com',
  'push.services.mozilla.com', // Firefox (updates.push.services.mozilla.com)
  'notify.windows.com', // Edge (wns2-*.notify.windows.com)
  'push.apple.com', // Safari (web.push.apple.com)
]

/** `PUSH_SERVICE_HOSTS` read: host or host:port, comma-separated. */
export function pushServiceHosts(setting: string): string[] {
  return setting
    .split(',')
    .map((host) => host.trim().toLowerCase())
    .filter(Boolean)
}

/** Whether the server may send to this endpoint: https, to a browser's push service or a host the operator listed. */
export function isAllowedPushEndpoint(endpoint: string, extraHosts: readonly string[]): boolean {
  let url: URL
  try {
    url = new URL(endpoint)
  } catch {
    return false
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false
  const host = url.hostname.toLowerCase()
  // A host name of letters, digits, dots and hyphens only, read alike by every URL parser: web-push
  // connects to what Node's legacy url.parse reads, which differs from the WHATWG URL above on
  // addresses such as https://169.254.169.254;.fcm.googleapis.com/ (it connects to 169.254.169.254).
  if (!/^[a-z0-9.-]+$/.test(host) || legacyHostname(endpoint) !== host) return false
  if (extraHosts.includes(url.host.toLowerCase()) || (!url.port && extraHosts.includes(host))) return true
  return !url.port && BROWSER_PUSH_SERVICES.some((service) => host === service || host.endsWith(`.${service}`))
}

/** The host name Node's legacy URL parser reads, which web-push connects to. */
function legacyHostname(endpoint: string): string | null {
  return parse(endpoint).hostname?.toLowerCase() ?? null
}
