/**
 * Answers the server put into the page to the app's first API calls (docs/first-paint.md#the-plain-page):
 * the sign-in check and a gym screen's first data, asked by the server with the visitor's cookie
 * while it sent the page. Each stands in for one GET of exactly its path, once, while the first
 * screen loads; after that, and for everything else, the app asks the server as always.
 */

/** Older than this, an answer is no longer the first screen's: the app asks afresh. */
const FRESH_FOR_MS = 30_000

const answers = new Map<string, unknown>()

/** Takes the page's answers (the JSON the server put into it; main.tsx hands it over as the app starts). */
export function carryPageAnswers(json: string | null): void {
  try {
    const parsed: unknown = JSON.parse(json ?? '')
    if (parsed && typeof parsed === 'object')
      for (const [path, answer] of Object.entries(parsed)) answers.set(path, answer)
  } catch {
    // A page cut short: the app asks for itself.
  }
}

/**
 * While the server draws a signed-in screen (src/client/prerender.tsx): every GET is answered from
 * what the server asked its own API for, or throws for it to be asked.
 */
let serverAnswers: ((path: string) => { answer: unknown }) | null = null

/** Runs `draw` (synchronous) with every GET it makes answered by `answer`. */
export function answeringOnServer<T>(answer: (path: string) => { answer: unknown }, draw: () => T): T {
  serverAnswers = answer
  try {
    return draw()
  } finally {
    serverAnswers = null
  }
}

/** The page's answer to a GET of `path`, taken (a second GET asks the server), or undefined. */
export function takePageAnswer(path: string): { answer: unknown } | undefined {
  if (serverAnswers) return serverAnswers(path)
  if (!answers.has(path)) return undefined
  const answer = answers.get(path)
  answers.delete(path)
  if (performance.now() > FRESH_FOR_MS) return undefined
  return { answer }
}

/** Nobody is signed in any more: answers asked with the old session are not for the next one. */
export function forgetPageAnswers(): void {
  answers.clear()
}
