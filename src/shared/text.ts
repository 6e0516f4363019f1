/**
 * The text without any of `chars` at its end ('see https://x.io.' loses its full stop).
 * A loop rather than a pattern like /[.,]+$/: the pattern is tried again from every character of
 * a long run of those characters followed by another, which takes quadratic time.
 */
export function withoutTrailing(text: string, chars: string): string {
  let end = text.length
  while (end > 0 && chars.includes(text.charAt(end - 1))) end -= 1
  return text.slice(0, end)
}

/** One line of at most `max` characters, for a toast or a list: whitespace folded, an ellipsis when cut. */
export function excerpt(body: string, max = 80): string {
  const line = body.replace(/\s+/g, ' ').trim()
  return line.length > max ? `${line.slice(0, max - 1)}…` : line
}

/**
 * A number with commas between its thousands, as English writes it ('4,000', '150,000'). Written
 * out rather than `toLocaleString('en-US')`: the first use of Intl on a page loads its locale data,
 * tens of milliseconds of a phone's main thread (docs/performance.md#the-first-paint), which a message built
 * when its module loads would pay on every screen.
 */
export function withThousands(n: number): string {
  if (!Number.isFinite(n)) return String(n)
  const [whole = '', fraction] = String(Math.abs(n)).split('.')
  let grouped = ''
  for (let end = whole.length; end > 0; end -= 3)
    grouped = whole.slice(Math.max(0, end - 3), end) + (grouped ? `,${grouped}` : '')
  return `${n < 0 ? '-' : ''}${grouped}${fraction === undefined ? '' : `.${fraction}`}`
}
