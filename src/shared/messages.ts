import type { ErrorCode } from './errors.ts'

/** What the UI shows for an API error code it has no more specific text for. */
export const errorMessages: Record<ErrorCode, string> = {
  BAD_REQUEST: 'The request could not be understood.',
  VALIDATION_FAILED: 'Please check the highlighted fields.',
  UNAUTHENTICATED: 'Please sign in to continue.',
  FORBIDDEN: 'You do not have access to this.',
  NOT_FOUND: 'We could not find what you were looking for.',
  METHOD_NOT_ALLOWED: 'That action is not available here.',
  CONFLICT: 'This was changed elsewhere. Reload and try again.',
  PAYLOAD_TOO_LARGE: 'That is too much data to send at once.',
  UNSUPPORTED_MEDIA_TYPE: 'The request was sent in a format we do not accept.',
  RATE_LIMITED: 'Too many requests. Please wait a moment and try again.',
  INTERNAL: 'Something went wrong on our side. Please try again.',
  UNAVAILABLE: 'The service is unavailable right now. Please try again shortly.',
}

/** Texts of the app shell: the route guard, the error and 404 pages (SPEC.md sections 2 and 4). */
export const shellMessages = {
  loading: 'Loading…',
  retry: (attempt: number, of: number) => `Retry ${attempt}/${of}`,
  authErrorTitle: 'We could not check your sign-in',
  authErrorBody: 'The server did not answer. Check your connection, or sign out and sign in again.',
  signOutAndRetry: 'Sign out and try again',
  crashTitle: 'Something went wrong',
  crashBody: 'Try reloading or going back.',
  reload: 'Reload',
  notFoundTitle: 'Oops! Page not found',
  notFoundBody: 'The page you are looking for does not exist or has moved.',
  notFoundLink: 'Go back home',
  signInPromptTitle: 'Sign in to see this page',
  signInPromptBody: 'This page shows training data, which needs an account.',
  signIn: 'Sign in',
  signOut: 'Sign out',
  offlineReady: 'Coachline is ready to work offline.',
} as const
