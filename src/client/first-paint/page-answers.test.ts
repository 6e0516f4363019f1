import { describe, expect, test, vi } from 'vitest'
import { carryPageAnswers, forgetPageAnswers, takePageAnswer } from './page-answers.ts'

describe('the answers a page carries', () => {
  test('each stands in for one GET of exactly its path', () => {
    carryPageAnswers(JSON.stringify({ '/api/me': { user: null, profile: null }, '/api/plans?completed=false': [] }))
    expect(takePageAnswer('/api/plans')).toBeUndefined()
    expect(takePageAnswer('/api/me')).toEqual({ answer: { user: null, profile: null } })
    expect(takePageAnswer('/api/me')).toBeUndefined()
    expect(takePageAnswer('/api/plans?completed=false')).toEqual({ answer: [] })
  })

  test('a page cut short carries nothing', () => {
    carryPageAnswers('{"/api/me": {"user"')
    carryPageAnswers(null)
    expect(takePageAnswer('/api/me')).toBeUndefined()
  })

  test('a sign-out forgets them', () => {
    carryPageAnswers(JSON.stringify({ '/api/profile/coach': { coach: null } }))
    forgetPageAnswers()
    expect(takePageAnswer('/api/profile/coach')).toBeUndefined()
  })

  test('an answer the first screen did not take is not used later', () => {
    carryPageAnswers(JSON.stringify({ '/api/sessions?limit=3': [] }))
    vi.spyOn(performance, 'now').mockReturnValue(60_000)
    expect(takePageAnswer('/api/sessions?limit=3')).toBeUndefined()
  })
})
