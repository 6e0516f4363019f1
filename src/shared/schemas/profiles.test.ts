import { expect, test } from 'vitest'
import { defaultDisplayName } from './profiles.ts'

test('the automatic display name is the part of the email before the @, or User', () => {
  expect(defaultDisplayName('jane.doe@example.com')).toBe('jane.doe')
  expect(defaultDisplayName('@example.com')).toBe('User')
  expect(defaultDisplayName('')).toBe('User')
})
