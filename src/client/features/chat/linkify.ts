import { withoutTrailing } from '#shared/text.ts'

/** A message's text cut into plain runs and web links (http and https only). */
export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string }

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"'`]+/gi
/** Punctuation that ends a sentence rather than the address ('see https://x.io.'). */
const TRAILING = `.,;:!?'"*_~`

function trimTrailing(candidate: string): string {
  let url = withoutTrailing(candidate, TRAILING)
  // A closing bracket belongs to the address only if the address opened one ('(see https://x.io)').
  for (const [open, close] of [
    ['(', ')'],
    ['[', ']'],
    ['{', '}'],
  ] as const) {
    while (url.endsWith(close) && url.split(close).length > url.split(open).length)
      url = withoutTrailing(url.slice(0, -1), TRAILING)
  }
  return url
}

function safeHref(text: string): string | null {
  try {
    const url = new URL(text)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null
  } catch {
    return null
  }
}

export function linkify(body: string): TextPart[] {
  const parts: TextPart[] = []
  let last = 0
  for (const match of body.matchAll(URL_PATTERN)) {
    const start = match.index
    const text = trimTrailing(match[0])
    const href = safeHref(text)
    if (!href) continue
    if (start > last) parts.push({ kind: 'text', text: body.slice(last, start) })
    parts.push({ kind: 'link', text, href })
    last = start + text.length
  }
  if (last < body.length) parts.push({ kind: 'text', text: body.slice(last) })
  return parts
}
