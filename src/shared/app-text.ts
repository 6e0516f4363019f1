import type { ErrorCode } from './errors.ts'

/** What the UI shows for an API error code it has no more specific text for. */
export const errorCodeText: Record<ErrorCode, string> = {
  BAD_REQUEST: 'The request could not be understood.',
  VALIDATION_FAILED: 'Please check the highlighted fields.',
  UNAUTHENTICATED: 'Please sign in to continue.',
  FORBIDDEN: 'You do not have access to this.',
  NOT_FOUND: 'We could not find what you were looking for.',
  METHOD_NOT_ALLOWED: 'That action is not available here.',
  CONFLICT: 'This was changed elsewhere. Reload and try again.',
  USER_ALREADY_EXISTS: 'An account with this email already exists. Try signing in instead.',
  PASSWORD_TOO_WEAK: 'Password must contain uppercase, lowercase, and numeric characters.',
  PAYLOAD_TOO_LARGE: 'That is too much data to send at once.',
  UNSUPPORTED_MEDIA_TYPE: 'The request was sent in a format we do not accept.',
  RATE_LIMITED: 'Too many requests. Please wait a moment and try again.',
  INTERNAL: 'Something went wrong on our side. Please try again.',
  UNAVAILABLE: 'The service is unavailable right now. Please try again shortly.',
}

/** Texts of the app shell: the route guard, the error and 404 pages (docs/product.md#routes-and-redirects). */
export const shellText = {
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

/** A toast's title and optional text (docs/product.md writes them 'Title: text'). */
export type Notice = { title: string; description?: string }

/**
 * Every text of the account flows. Acceptance checks compare them word for word: never reword one
 * (docs/product.md#user-facing-strings).
 */
export const authText = {
  missingCredentials: { title: 'Missing credentials', description: 'Please enter both email and password.' },
  invalidEmail: { title: 'Invalid email format', description: 'Please enter a valid email address.' },
  tooManyAttempts: { title: 'Too many attempts', description: 'Please wait a moment before trying again.' },
  passwordMismatch: { title: 'Password mismatch', description: 'Please make sure your passwords match.' },
  passwordTooShort: { title: 'Password too short', description: 'Password must be at least 8 characters long.' },
  passwordTooWeak: {
    title: 'Password too weak',
    description: 'Password must contain uppercase, lowercase, and numeric characters.',
  },
  passwordTooLong: { title: 'Password too long', description: 'Password must be at most 128 characters long.' },
  emailRequired: { title: 'Email required', description: 'Please enter your email to continue.' },

  signInFailedTitle: 'Sign-in failed',
  signUpFailedTitle: 'Sign-up failed',
  invalidCredentials: 'Invalid email or password',
  emailNotConfirmed: 'Please check your email and confirm your account',
  tooManyRequests: 'Too many sign-in attempts. Please try again later.',
  alreadyRegistered: 'An account with this email already exists. Try signing in instead.',
  passwordShouldBe: 'Password should be at least 6 characters long.',

  magicLinkFailedTitle: 'Failed to send magic link',
  resetEmailFailedTitle: 'Failed to send reset email',
  updatePasswordFailedTitle: 'Failed to update password',

  linkExpired: 'This password reset link has expired. Please request a new one.',
  linkInvalid: 'This password reset link is invalid or has already been used. Please request a new one.',
  linkError: 'There was an error with your password reset link. Please request a new one.',

  welcomeBack: { title: 'Welcome back!' },
  accountCreated: {
    title: 'Account created!',
    description: 'Please check your email to confirm your account, then return here to sign in.',
  },
  checkInbox: {
    title: 'Check your inbox',
    description: 'We sent you a sign-in link. It works once, within 15 minutes.',
  },
  resetEmailSent: {
    title: 'Reset email sent',
    description: 'Click the link in the email within 1 hour to set a new password.',
  },
  passwordUpdated: { title: 'Password updated!' },

  callbackFailedTitle: 'Sign-in link failed',
  callbackLinkInvalid: 'This sign-in link is invalid, has expired or has already been used. Please request a new one.',

  displayNameRequired: 'Display name is required',
  profileCreated: { title: 'Profile created successfully' },
  profileSaveFailedTitle: 'Could not save profile',
  profileSaved: { title: 'Profile saved' },
  currentPasswordRequired: {
    title: 'Current password required',
    description: 'Enter your current password to set a new one.',
  },
  becameCoach: { title: 'You are now a coach', description: 'Build a plan and invite your first client.' },
} as const
