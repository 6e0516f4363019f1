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
