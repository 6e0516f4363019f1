import { expect, test } from 'vitest'
import { linkify } from './linkify.ts'

test('plain text stays one text part', () => {
  expect(linkify('Squats on Monday, 3 x 5')).toEqual([{ kind: 'text', text: 'Squats on Monday, 3 x 5' }])
})

test('http and https addresses become links; sentence punctuation stays outside', () => {
  expect(linkify('See https://example.com/plan?week=2. Or http://x.io/a, then rest!')).toEqual([
    { kind: 'text', text: 'See ' },
    { kind: 'link', text: 'https://example.com/plan?week=2', href: 'https://example.com/plan?week=2' },
    { kind: 'text', text: '. Or ' },
    { kind: 'link', text: 'http://x.io/a', href: 'http://x.io/a' },
    { kind: 'text', text: ', then rest!' },
  ])
})

test('a closing bracket belongs to the address only when the address opened one', () => {
  expect(linkify('(video: https://example.com/squat)')).toEqual([
    { kind: 'text', text: '(video: ' },
    { kind: 'link', text: 'https://example.com/squat', href: 'https://example.com/squat' },
    { kind: 'text', text: ')' },
  ])
  expect(linkify('https://en.wikipedia.org/wiki/Squat_(exercise)')[0]).toEqual({
    kind: 'link',
    text: 'https://en.wikipedia.org/wiki/Squat_(exercise)',
    href: 'https://en.wikipedia.org/wiki/Squat_(exercise)',
  })
})

test('other schemes and markup are never links', () => {
  for (const body of [
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '<a href="https://evil.example">x</a>',
    'ftp://files.example/x',
  ]) {
    expect(linkify(body).every((part) => part.kind === 'text' || part.href.startsWith('https://evil.example'))).toBe(
      true,
    )
  }
  // Markup around an address stays text; only the address itself is a link.
  expect(linkify('<a href="https://evil.example">x</a>')).toEqual([
    { kind: 'text', text: '<a href="' },
    { kind: 'link', text: 'https://evil.example', href: 'https://evil.example/' },
    { kind: 'text', text: '">x</a>' },
  ])
})
