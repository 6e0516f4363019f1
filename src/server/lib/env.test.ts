import { describe, expect, test } from 'vitest'
import { checkMailSetup, isLocalOnly, isLoopbackHost, parseEnv, publicUrl } from './env.ts'

test('defaults give the embedded database on 127.0.0.1:3000', () => {
  const env = parseEnv({})
  expect(env).toMatchObject({
    PORT: 3000,
    HOST: '127.0.0.1',
    DATA_DIR: './data',
    NODE_ENV: 'production',
    ENABLE_TEST_API: false,
  })
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

describe('loopback hosts', () => {
  test.each([
    'localhost',
    'LOCALHOST',
    'localhost.',
    '127.0.0.1',
    '127.255.255.254',
    '127.1.2.3',
    '::1',
    '[::1]',
    '0:0:0:0:0:0:0:1',
    '[0:0::1]',
    '::ffff:127.0.0.1',
  ])('%s is loopback', (host) => {
    expect(isLoopbackHost(host)).toBe(true)
  })

  test.each([
    '',
    '127.0.0.1.evil.example',
    '127.0.0.1.',
    'localhost.evil.example',
    'evil.localhost',
    'localhost..',
    '127.example.com',
    '127.1',
    '127.0.1',
    '0x7f.1',
    '0x7f000001',
    '2130706433',
    '127.000.0.1',
    '[127.0.0.1]',
    '128.0.0.1',
    '0.0.0.0',
    '::',
    '::2',
    '[::1',
    '::1%lo',
    '[::1]:3000',
    '127.0.0.1:3000',
    'example.com',
  ])('%j is not loopback', (host) => {
    expect(isLoopbackHost(host)).toBe(false)
  })

  test('a PUBLIC_URL is local only if its host is a loopback address, not a name that starts like one', () => {
    expect(isLocalOnly({ HOST: '127.0.0.1', PUBLIC_URL: 'http://127.0.0.1:3000' })).toBe(true)
    expect(isLocalOnly({ HOST: '127.0.0.1', PUBLIC_URL: 'http://[::1]:3000' })).toBe(true)
    expect(isLocalOnly({ HOST: '::1', PUBLIC_URL: 'http://LOCALHOST:3000' })).toBe(true)
    expect(isLocalOnly({ HOST: '127.0.0.1', PUBLIC_URL: 'https://127.example.com' })).toBe(false)
    expect(isLocalOnly({ HOST: '127.0.0.1', PUBLIC_URL: 'https://localhost.evil.example' })).toBe(false)
    expect(isLocalOnly({ HOST: '127.0.0.1.evil.example', PUBLIC_URL: undefined })).toBe(false)
  })

  test('without SMTP, a PUBLIC_URL that only looks like a loopback address is refused', () => {
    expect(() => checkMailSetup({ HOST: '127.0.0.1', PUBLIC_URL: 'https://127.example.com' })).toThrow(
      /SMTP_URL is required/,
    )
    expect(() => checkMailSetup({ HOST: '127.0.0.1', PUBLIC_URL: 'http://127.0.0.1:3000' })).not.toThrow()
    expect(() =>
      checkMailSetup({ HOST: '127.0.0.1', SMTP_URL: 'smtp://mail.example', PUBLIC_URL: 'https://127.example.com' }),
    ).not.toThrow()
  })
})
