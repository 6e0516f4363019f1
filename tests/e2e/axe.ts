import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect } from './fixtures.ts'

/** WCAG 2.1 A and AA, and axe's best practices (which fail only on the rules below). */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']

/** Moderate rules that fail too: a page's outline and its landmarks. */
const STRICT_MODERATE = new Set([
  'heading-order',
  'page-has-heading-one',
  'landmark-no-duplicate-main',
  'landmark-one-main',
  'landmark-unique',
])

/**
 * Runs axe on the page as it is and fails (softly, so one run lists every page's problems) on
 * any serious or critical violation and on the moderate rules above. The message names each
 * rule, its impact and the failing nodes' selectors.
 */
export async function expectAccessible(page: Page, where: string) {
  const { violations } = await new AxeBuilder({ page })
    // Visible text inside the accessible name (WCAG 2.5.3): still 'experimental' in axe 4.13, so off unless asked for.
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .withTags(TAGS)
    .analyze()
  const failing = violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical' || STRICT_MODERATE.has(v.id),
  )
  const report = failing.map((v) => {
    const nodes = v.nodes.map(
      (n) =>
        `  ${n.target.join(' ')}\n    ${n.html.slice(0, 200)}\n    ${(n.failureSummary ?? '').replaceAll('\n', '\n    ')}`,
    )
    return `${v.id} (${v.impact}): ${v.help}\n${nodes.join('\n')}`
  })
  expect.soft(report, `accessibility of ${where}`).toEqual([])
}
