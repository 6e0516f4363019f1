// After the browser tests: the tests that failed or passed only on their retry, each with the head
// of its error, in a few lines. A CI log is often read from its end, where the list reporter has
// already printed the trace's path instead of what went wrong.
import { existsSync, readFileSync } from 'node:fs'
import { relative } from 'node:path'

/** Where scripts/test.mjs has Playwright's JSON reporter write (PLAYWRIGHT_JSON_OUTPUT_FILE). */
export const BROWSER_REPORT = 'test-results/browser-report.json'

const ERROR_LINES = 6
// Playwright colours its messages for a terminal; a log wants the text.
const ANSI = /\u001b\[[0-9;]*m/g

function* testsOf(suite, titles = []) {
  const path = suite.title ? [...titles, suite.title] : titles
  for (const spec of suite.specs ?? [])
    for (const test of spec.tests ?? [])
      yield { title: [...path, spec.title].join(' › '), line: `${spec.file}:${spec.line}`, test }
  for (const child of suite.suites ?? []) yield* testsOf(child, path)
}

/** The digest's lines, or none when every test passed on its first try (or there is no report). */
export function browserDigest(file = BROWSER_REPORT) {
  if (!existsSync(file)) return []
  const report = JSON.parse(readFileSync(file, 'utf8'))
  const lines = []
  // A file's suite is titled with the file's path, which each line already names.
  for (const suite of report.suites ?? []) {
    for (const { title, line, test } of testsOf({ ...suite, title: '' })) {
      if (test.status !== 'unexpected' && test.status !== 'flaky') continue
      const failed = test.results.find((result) => result.error)
      const message = (failed?.error?.message ?? failed?.error?.value ?? '(no error message)').replace(ANSI, '')
      const text = message.split('\nCall log:')[0]
      const head = text
        .split('\n')
        .filter((part) => part.trim())
        .slice(0, ERROR_LINES)
      const where = failed?.error?.location
        ? `${relative(process.cwd(), failed.error.location.file)}:${failed.error.location.line}`
        : line
      lines.push(
        `${test.status === 'flaky' ? 'FLAKY (passed on its retry)' : 'FAILED'} [${test.projectName}] ${title}, at ${where}`,
        ...head.map((part) => `    ${part}`),
      )
    }
  }
  return lines
}
