import { describe, expect, test } from 'vitest'
import { errorCodeText } from '#shared/app-text.ts'
import { ApiError } from '#client/lib/api-client.ts'
import { authErrorText, signInErrorText, signUpErrorText } from './auth-errors.ts'

// The codes and messages as the server answers them (better-auth's, and the auth gate's).
const wrongPassword = new ApiError('INVALID_EMAIL_OR_PASSWORD', 'Invalid email or password', 401)
const unconfirmed = new ApiError('EMAIL_NOT_VERIFIED', 'Email not verified', 403)
const limited = new ApiError('RATE_LIMITED', 'Too many requests', 429)
const registered = new ApiError('USER_ALREADY_EXISTS', 'User already registered', 409)
const tooShort = new ApiError('PASSWORD_TOO_WEAK', 'Password should be at least 8 characters', 400)
const usedToken = new ApiError('INVALID_TOKEN', 'Invalid token', 400)
const offline = new ApiError('UNAVAILABLE', 'Network error: the server could not be reached', 0, undefined, false)

describe('sign in', () => {
  test('the refusals read as the product words them', () => {
    expect(signInErrorText(wrongPassword)).toBe('Invalid email or password')
    expect(signInErrorText(unconfirmed)).toBe('Please check your email and confirm your account')
    expect(signInErrorText(limited)).toBe('Too many sign-in attempts. Please try again later.')
  })

  test('anything else is the server’s message, or the catalogue’s text when no server answered', () => {
    expect(signInErrorText(usedToken)).toBe('Invalid token')
    expect(signInErrorText(offline)).toBe(errorCodeText.UNAVAILABLE)
  })
})

describe('sign up', () => {
  test('an existing account and a length refusal read as the product words them', () => {
    expect(signUpErrorText(registered)).toBe('An account with this email already exists. Try signing in instead.')
    expect(signUpErrorText(tooShort)).toBe('Password should be at least 6 characters long.')
  })

  test('anything else is the server’s message', () => {
    expect(signUpErrorText(limited)).toBe('Too many requests')
    expect(signUpErrorText(usedToken)).toBe('Invalid token')
  })
})

test('the email and password flows show a rate limit in the server’s words', () => {
  expect(authErrorText(limited)).toBe('Too many requests')
  expect(authErrorText(usedToken)).toBe('Invalid token')
  expect(authErrorText(new Error('boom'))).toBe(errorCodeText.INTERNAL)
})
