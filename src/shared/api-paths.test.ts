import { describe, expect, test } from 'vitest'
import { apiPaths, apiRoutes, isApiRoute } from './api-paths.ts'

describe('API paths', () => {
  test('a query keeps the parameters that have a value, in the order given', () => {
    expect(apiPaths.plans.list({ completed: false })).toBe('/api/plans?completed=false')
    expect(apiPaths.sessions.list({ planId: undefined, limit: 3 })).toBe('/api/sessions?limit=3')
    expect(apiPaths.clients.dashboard('2026-11-28')).toBe('/api/clients/dashboard?today=2026-11-28')
    expect(apiPaths.chat.messages('u1', { before: null })).toBe('/api/chat/u1/messages')
    expect(apiPaths.chat.messages('u1', { after: 7, limit: 50 })).toBe('/api/chat/u1/messages?after=7&limit=50')
    expect(apiPaths.workouts.list()).toBe('/api/workouts')
  })

  test('ids and values are encoded, so a hostile one cannot reach another route', () => {
    expect(apiPaths.plans.one('../me')).toBe('/api/plans/..%2Fme')
    expect(apiPaths.sessions.removeSet('s 1', 'a/b', '2026-11-28T10:00:00.000Z')).toBe(
      '/api/sessions/s%201/sets/a%2Fb?editedAt=2026-11-28T10%3A00%3A00.000Z',
    )
    expect(apiPaths.calendar.feed('a b')).toBe('/api/calendar/a%20b.ics')
    expect(apiPaths.dataExport.csv('c&d')).toBe('/api/data-export/csv?clientId=c%26d')
  })
})

describe('matching a request to a route', () => {
  test('a parameter matches one segment, never none or two', () => {
    const { sessions } = apiRoutes
    expect(isApiRoute(sessions, sessions.set, '/api/sessions/s1/sets/a1')).toBe(true)
    expect(isApiRoute(sessions, sessions.set, '/api/sessions//sets/a1')).toBe(false)
    expect(isApiRoute(sessions, sessions.set, '/api/sessions/s1/sets/a1/x')).toBe(false)
    expect(isApiRoute(sessions, sessions.set, '/api/sessions/s1/comments/a1')).toBe(false)
  })
})
