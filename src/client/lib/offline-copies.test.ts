import { describe, expect, test } from 'vitest'
import { isKept, keptAddress } from './offline-copies.ts'

const id = '0b7c6a52-3f7e-4c57-9a0e-7f3f1f1f2b9a'

describe('what the device keeps for no signal', () => {
  test('the gym screens’ reads, with their queries', () => {
    for (const path of [
      '/api/profile',
      '/api/profile/coach',
      '/api/plans?completed=false',
      `/api/plans/${id}`,
      `/api/plans/workouts/${id}`,
      '/api/sessions?limit=3',
      `/api/sessions/movement-stats?movementIds=${id}`,
      '/api/workouts',
      `/api/workouts/${id}`,
      '/api/chat/conversations',
      `/api/chat/${id}/messages?before=2026-01-01`,
    ]) {
      expect(isKept(path, {}), path).toBe(true)
    }
  })

  test('nothing else: a session (the device has its own), comments, another API', () => {
    for (const path of [
      `/api/sessions/${id}`,
      '/api/sessions/comments/unread',
      `/api/plans/${id}/days/1/1`,
      '/api/movements?q=squat',
      '/api/mes',
      '/api/auth/get-session',
    ]) {
      expect(isKept(path, {}), path).toBe(false)
    }
  })

  test('who-am-I only when it names a user: a signed-out visitor leaves nothing', () => {
    expect(isKept('/api/me', { user: null, profile: null })).toBe(false)
    expect(isKept('/api/me', null)).toBe(false)
    expect(isKept('/api/me', { user: { id }, profile: { role: 'client' } })).toBe(true)
  })

  test('the service worker’s route reads the same list in whole addresses', () => {
    expect(keptAddress.test('https://coachline.example/api/plans?completed=false')).toBe(true)
    expect(keptAddress.test('http://127.0.0.1:3000/api/me')).toBe(true)
    expect(keptAddress.test(`http://127.0.0.1:3000/api/sessions/movement-stats?movementIds=${id}`)).toBe(true)
    expect(keptAddress.test(`http://127.0.0.1:3000/api/sessions/${id}`)).toBe(false)
    expect(keptAddress.test('http://127.0.0.1:3000/home?next=/api/me')).toBe(false)
  })
})
