import { expect, test } from 'vitest'
import { parseEnv, publicUrl } from './env.ts'

test('defaults give the embedded database on 127.0.0.1:3000', () => {
  const env = parseEnv({})
  expect(env).toMatchObject({ PORT: 3000, HOST: '127.0.0.1', DATA_DIR: './data', NODE_ENV: 'production', ENABLE_TEST_API: false })
  expect(env.DATABASE_URL).toBeUndefined()
  expect(publicUrl(env)).toBe('http://127.0.0.1:3000')
})

test('empty values count as unset', () => {
  const env = parseEnv({ PORT: '', DATABASE_URL: '' })
  expect(env.PORT).toBe(3000)
  expect(env.DATABASE_URL).toBeUndefined()
})

test('bad values are refused with the variable named', () => {
  expect(() => parseEnv({ PORT: 'http' })).toThrow(/PORT/)
  expect(() => parseEnv({ PORT: '70000' })).toThrow(/PORT/)
  expect(() => parseEnv({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must be a postgres/)
  expect(() => parseEnv({ AUTH_SECRET: 'short' })).toThrow(/AUTH_SECRET/)
})

test('PUBLIC_URL wins over the listening address', () => {
  expect(publicUrl(parseEnv({ PUBLIC_URL: 'https://coachline.example/' }))).toBe('https://coachline.example')
})
