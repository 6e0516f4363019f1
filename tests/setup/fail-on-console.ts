import { afterEach, beforeEach, vi } from 'vitest'

// A test that makes the code under test log an error or a warning fails (epic-stack's rule),
// unless it says so with vi.spyOn(console, 'error').mockImplementation(...) itself.
let unexpected: string[] = []

beforeEach(() => {
  unexpected = []
  for (const level of ['error', 'warn'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      unexpected.push(`console.${level}: ${args.map(String).join(' ')}`)
    })
  }
})

afterEach(() => {
  if (unexpected.length) throw new Error(`Unexpected console output:\n${unexpected.join('\n')}`)
})
