/**
 * Every API path the app calls, in one place, as `paths` holds the pages' routes. The screens,
 * the offline queue, the device's copies and the server's pages that carry their first answers
 * build their URLs with these, never by hand: a page's carried answer is found by its exact path,
 * so the server and the screen must write it alike. The server's routes answer them
 * (src/server/features/<feature>/<feature>.routes.ts); /api/docs lists them with their bodies.
 */
const enc = encodeURIComponent

/** Where the API is mounted: every path below starts with it. */
export const API_ROOT = '/api'
/** better-auth's routes. */
const AUTH_BASE = `${API_ROOT}/auth`

type QueryValue = string | number | boolean | null | undefined

/** A query string of the parameters that have a value, in the order given ('' when none). */
function query(params: Record<string, QueryValue>): string {
  const entries = Object.entries(params).flatMap(([key, value]): [string, string][] =>
    value === undefined || value === null || value === '' ? [] : [[key, String(value)]],
  )
  return entries.length ? `?${new URLSearchParams(entries)}` : ''
}

const plan = (id: string) => `/api/plans/${enc(id)}`
const workout = (id: string) => `/api/workouts/${enc(id)}`
const session = (id: string) => `/api/sessions/${enc(id)}`
const movement = (id: string) => `/api/movements/${enc(id)}`
const invite = (id: string) => `/api/invites/${enc(id)}`
const conversation = (otherId: string) => `/api/chat/${enc(otherId)}`
const dataExport = (format: 'json' | 'csv', clientId?: string) => `/api/data-export/${format}${query({ clientId })}`

export const apiPaths = {
  health: '/api/health',
  me: '/api/me',
  /** better-auth's own routes, under one prefix the server hands to it. */
  auth: {
    /** Where better-auth is mounted (its `basePath`). */
    base: AUTH_BASE,
    prefix: `${AUTH_BASE}/`,
    signInEmail: '/api/auth/sign-in/email',
    signUpEmail: '/api/auth/sign-up/email',
    signInMagicLink: '/api/auth/sign-in/magic-link',
    requestPasswordReset: '/api/auth/request-password-reset',
    resetPassword: '/api/auth/reset-password',
    changePassword: '/api/auth/change-password',
    signOut: '/api/auth/sign-out',
  },
  account: {
    resetToken: '/api/account/reset-token',
    verifyEmail: '/api/account/verify-email',
    magicLink: '/api/account/magic-link',
  },
  profile: {
    own: '/api/profile',
    coach: '/api/profile/coach',
    becomeCoach: '/api/profile/become-coach',
  },
  plans: {
    list: (filters: { completed?: boolean; assigned?: boolean; archived?: boolean }) => `/api/plans${query(filters)}`,
    create: '/api/plans',
    one: plan,
    /** A planned workout by its own id, with its plan's context. */
    workout: (planWorkoutId: string) => `/api/plans/workouts/${enc(planWorkoutId)}`,
    day: (id: string, week: number, day: number) => `${plan(id)}/days/${week}/${day}`,
    dayDate: (id: string, week: number, day: number) => `${plan(id)}/days/${week}/${day}/date`,
    copyDay: (id: string) => `${plan(id)}/copy-day`,
    moveDay: (id: string) => `${plan(id)}/move-day`,
    copyWeek: (id: string) => `${plan(id)}/copy-week`,
    trainingDays: (id: string) => `${plan(id)}/training-days`,
    copy: (id: string) => `${plan(id)}/copy`,
    start: (id: string) => `${plan(id)}/start`,
    assign: (id: string) => `${plan(id)}/assign`,
    archive: (id: string) => `${plan(id)}/archive`,
    restore: (id: string) => `${plan(id)}/restore`,
  },
  progression: {
    preview: '/api/progression/preview',
    proposals: '/api/progression/proposals',
    decide: (decision: 'approve' | 'dismiss') => `/api/progression/proposals/${decision}`,
  },
  workouts: {
    list: (filters: { archived?: boolean } = {}) => `/api/workouts${query(filters)}`,
    create: '/api/workouts',
    one: workout,
    copy: (id: string) => `${workout(id)}/copy`,
    archive: (id: string) => `${workout(id)}/archive`,
    restore: (id: string) => `${workout(id)}/restore`,
  },
  sessions: {
    list: (filters: { planId?: string; clientId?: string; limit?: number }) => `/api/sessions${query(filters)}`,
    start: '/api/sessions',
    one: session,
    report: (id: string) => `${session(id)}/report`,
    finish: (id: string) => `${session(id)}/finish`,
    discard: (id: string) => `${session(id)}/discard`,
    comments: (id: string) => `${session(id)}/comments`,
    readComments: (id: string) => `${session(id)}/comments/read`,
    set: (id: string, setId: string) => `${session(id)}/sets/${enc(setId)}`,
    /** A set's removal, stamped with when the lifter removed it (a later log of it wins). */
    removeSet: (id: string, setId: string, editedAt: string) =>
      `${session(id)}/sets/${enc(setId)}${query({ editedAt })}`,
    movementStats: (movementIds: readonly string[]) =>
      `/api/sessions/movement-stats${query({ movementIds: movementIds.join(',') })}`,
    unreadComments: '/api/sessions/comments/unread',
  },
  movements: {
    list: (params: Record<string, QueryValue>) => `/api/movements${query(params)}`,
    create: '/api/movements',
    one: movement,
    archive: (id: string) => `${movement(id)}/archive`,
    restore: (id: string) => `${movement(id)}/restore`,
    copy: (id: string) => `${movement(id)}/copy`,
  },
  clients: {
    /** `today` is the coach's calendar date, which the roster's figures count from. */
    list: (today: string) => `/api/clients${query({ today })}`,
    one: (clientId: string, today: string) => `/api/clients/${enc(clientId)}${query({ today })}`,
    dashboard: (today: string, since?: string) => `/api/clients/dashboard${query({ today, since })}`,
    archive: (clientId: string) => `/api/clients/${enc(clientId)}/archive`,
  },
  invites: {
    list: '/api/invites',
    create: '/api/invites',
    preview: (token: string) => `/api/invites/preview/${enc(token)}`,
    resend: (id: string) => `${invite(id)}/resend`,
    revoke: (id: string) => `${invite(id)}/revoke`,
    accept: '/api/invites/accept',
  },
  progress: {
    /** `local` carries the device's date and UTC offset, which weeks and days are counted in. */
    overview: (local: Record<string, QueryValue>) => `/api/progress${query(local)}`,
    e1rm: (local: Record<string, QueryValue>) => `/api/progress/e1rm${query(local)}`,
    movements: (local: Record<string, QueryValue>) => `/api/progress/movements${query(local)}`,
    bodyWeight: (date: string) => `/api/body-weights/${enc(date)}`,
  },
  chat: {
    conversations: '/api/chat/conversations',
    messages: (otherId: string, page: { before?: number | null; after?: number; limit?: number } = {}) =>
      `${conversation(otherId)}/messages${query(page)}`,
    read: (otherId: string) => `${conversation(otherId)}/read`,
    stream: (since: number | null) => `/api/chat/stream${query({ since })}`,
  },
  calendar: {
    own: '/api/calendar',
    /** The secret feed a calendar app subscribes to. */
    feed: (secret: string) => `/api/calendar/${enc(secret)}.ics`,
  },
  tokens: {
    list: '/api/tokens',
    create: '/api/tokens',
    one: (id: string) => `/api/tokens/${enc(id)}`,
  },
  historyImport: {
    preview: '/api/history-import/preview',
    run: '/api/history-import',
  },
  /** Downloads are plain links (the browser saves the streamed answer); `clientId` is a coach's client. */
  dataExport: {
    json: (clientId?: string) => dataExport('json', clientId),
    csv: (clientId?: string) => dataExport('csv', clientId),
    restore: '/api/data-export/restore',
  },
  docs: '/api/docs',
  openapi: '/api/openapi.json',
  devOutbox: '/api/dev/outbox',
} as const
