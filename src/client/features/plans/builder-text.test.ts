import { expect, it } from 'vitest'
import { builderText } from './builder-text.ts'

it("says a plan's size in words that agree with the numbers", () => {
  expect(builderText.shape(1, 1)).toBe('1 week × 1 day')
  expect(builderText.shape(1, 3)).toBe('1 week × 3 days')
  expect(builderText.shape(8, 4)).toBe('8 weeks × 4 days')
})

it('names a duplicate after the first free copy name, whatever the case', () => {
  expect(builderText.copyName('Block', [{ name: 'Block' }])).toBe('Block (copy)')
  expect(builderText.copyName('Block', [{ name: 'Block' }, { name: 'block (COPY)' }, { name: 'Block (copy 2)' }])).toBe(
    'Block (copy 3)',
  )
})
