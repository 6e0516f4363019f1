import { expect, test } from 'vitest'
import { withThousands } from './text.ts'

test('withThousands writes numbers as English does, the same as en-US formatting', () => {
  for (const n of [
    0,
    7,
    999,
    1000,
    4000,
    12_345,
    150_000,
    1_234_567,
    -4000,
    -999,
    2.5,
    1234.75,
    Number.MAX_SAFE_INTEGER,
  ]) {
    expect(withThousands(n), String(n)).toBe(n.toLocaleString('en-US', { maximumFractionDigits: 20 }))
  }
  expect(withThousands(Number.NaN)).toBe('NaN')
})
