/**
 * Every API route, written once. `apiRoutes` is the table the server registers: each feature's
 * mount under `API_ROOT` and its routes' patterns as Hono writes them (`:name` is a parameter).
 * `apiPaths` fills those patterns for the callers: the screens, the offline queue, the device's
 * copies and the server's pages that carry their first answers. A page's carried answer is found
 * by its exact path, so the server and the screen must write it alike; a test checks that the
 * server's route table and this one are the same.
 */

/** Where the API is mounted: every path below starts with it. */
export const API_ROOT = '/api'
/** better-auth's routes (its own table; the server hands it this prefix). */
const AUTH_BASE = `${API_ROOT}/auth`

export const apiRoutes = {
  health: { mount: '/health', check: '/' },
  me: { mount: '/me', own: '/' },
  profile: { mount: '/profile', own: '/', coach: '/coach', becomeCoach: '/become-coach' },
  account: { mount: '/account', verifyEmail: '/verify-email', magicLink: '/magic-link', resetToken: '/reset-token' },
  movements: {
    mount: '/movements',
    list: '/',
    one: '/:id',
    archive: '/:id/archive',
    restore: '/:id/restore',
    copy: '/:id/copy',
    swaps: '/:id/swaps',
  },
  gyms: { mount: '/gyms', list: '/', one: '/:id', current: '/current' },
  plans: {
    mount: '/plans',
    list: '/',
    one: '/:id',
    /** A planned workout by its own id, with its plan's context. */
    workout: '/workouts/:planWorkoutId',
    day: '/:id/days/:week/:day',
    dayDate: '/:id/days/:week/:day/date',
    copyDay: '/:id/copy-day',
    moveDay: '/:id/move-day',
    copyWeek: '/:id/copy-week',
    copy: '/:id/copy',
    archive: '/:id/archive',
    restore: '/:id/restore',
    assign: '/:id/assign',
    trainingDays: '/:id/training-days',
    start: '/:id/start',
  },
  progression: {
    mount: '/progression',
    preview: '/preview',
    proposals: '/proposals',
    approve: '/proposals/approve',
    dismiss: '/proposals/dismiss',
  },
  clients: { mount: '/clients', list: '/', dashboard: '/dashboard', one: '/:clientId', archive: '/:clientId/archive' },
  workouts: {
    mount: '/workouts',
    list: '/',
    one: '/:id',
    archive: '/:id/archive',
    restore: '/:id/restore',
    copy: '/:id/copy',
  },
  invites: {
    mount: '/invites',
    list: '/',
    preview: '/preview/:token',
    accept: '/accept',
    resend: '/:id/resend',
    revoke: '/:id/revoke',
  },
  sessions: {
    mount: '/sessions',
    list: '/',
    one: '/:id',
    set: '/:id/sets/:setId',
    unreadComments: '/comments/unread',
    movementStats: '/movement-stats',
    report: '/:id/report',
    finish: '/:id/finish',
    discard: '/:id/discard',
    comments: '/:id/comments',
    readComments: '/:id/comments/read',
  },
  progress: { mount: '/progress', overview: '/', e1rm: '/e1rm', movements: '/movements', timed: '/timed' },
  bodyWeights: { mount: '/body-weights', list: '/', one: '/:date' },
  progressPhotos: { mount: '/progress-photos', list: '/', one: '/:id', image: '/:id/:size' },
  habits: { mount: '/habits', list: '/', one: '/:id', entry: '/:id/entries/:date' },
  checkIns: {
    mount: '/check-ins',
    list: '/',
    open: '/open',
    forms: '/forms',
    form: '/forms/:id',
    schedules: '/schedules',
    schedule: '/schedules/:id',
    one: '/:id',
    comments: '/:id/comments',
  },
  chat: {
    mount: '/chat',
    conversations: '/conversations',
    messages: '/:otherId/messages',
    read: '/:otherId/read',
    stream: '/stream',
  },
  /** The feed's own address is `<secret>.ics`, one path segment. */
  calendar: { mount: '/calendar', own: '/', feed: '/:file' },
  dataExport: { mount: '/data-export', json: '/json', csv: '/csv', photos: '/photos', restore: '/restore' },
  historyImport: { mount: '/history-import', preview: '/preview', run: '/' },
  tokens: { mount: '/tokens', list: '/', one: '/:id' },
  notifications: {
    mount: '/notifications',
    setup: '/',
    settings: '/settings',
    devices: '/devices',
    device: '/devices/:id',
    test: '/devices/:id/test',
    rest: '/devices/:id/rest',
  },
  apiDocs: { mount: '/', openapi: '/openapi.json', docs: '/docs' },
  /** Only on a server reachable from this machine alone, and only with mail kept in the outbox. */
  dev: { mount: '/dev', outbox: '/outbox' },
  /** The browser tests' fixtures: only with ENABLE_TEST_API on a server reachable from this machine alone. */
  testing: {
    mount: '/testing',
    expireLinks: '/expire-links',
    expireInvites: '/expire-invites',
    expireCorrections: '/expire-corrections',
    coachClients: '/coach-clients',
    slowStatement: '/slow-statement',
    users: '/users',
  },
} as const

type Feature = { readonly mount: string }
/** The parameters a route's pattern names: `'/:id/sets/:setId'` gives `'id' | 'setId'`. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never
type QueryValue = string | number | boolean | null | undefined

/** A query string of the parameters that have a value, in the order given ('' when none). */
function query(params: Record<string, QueryValue>): string {
  const entries = Object.entries(params).flatMap(([key, value]): [string, string][] =>
    value === undefined || value === null || value === '' ? [] : [[key, String(value)]],
  )
  return entries.length ? `?${new URLSearchParams(entries)}` : ''
}

/** A route's full pattern, as the server's route table lists it: `/api/plans/:id`. */
export function apiPattern(feature: Feature, route: string): string {
  const mount = feature.mount === '/' ? '' : feature.mount
  return `${API_ROOT}${mount}${route === '/' ? '' : route}`
}

/** The path of a route with its parameters filled in, each one encoded so that none can reach another route. */
function apiPath<P extends string>(
  feature: Feature,
  route: P,
  params: Record<ParamNames<P>, string | number>,
  search: Record<string, QueryValue> = {},
): string {
  const values: Record<string, string | number> = params
  return `${fill(apiPattern(feature, route), (name) => values[name])}${query(search)}`
}

function fill(pattern: string, value: (name: string) => string | number | undefined): string {
  return pattern
    .split('/')
    .map((part) => (part.startsWith(':') ? encodeURIComponent(String(value(part.slice(1)))) : part))
    .join('/')
}

/** Whether a request's path is this route's (a parameter matches any one segment). */
export function isApiRoute(feature: Feature, route: string, path: string): boolean {
  const pattern = apiPattern(feature, route).split('/')
  const segments = path.split('/')
  return (
    pattern.length === segments.length &&
    pattern.every((part, i) => (part.startsWith(':') ? segments[i] !== '' : part === segments[i]))
  )
}

const { plans, workouts, sessions, movements, clients, invites, progress, bodyWeights, chat, calendar } = apiRoutes
const { progression, dataExport, historyImport, tokens, profile, account } = apiRoutes
/** A route with no parameters. */
const at = (feature: Feature, route: string) => apiPattern(feature, route)
/** A route with one parameter, whatever its name. */
const byId = (feature: Feature, route: string) => (id: string) => fill(apiPattern(feature, route), () => id)

export const apiPaths = {
  health: at(apiRoutes.health, apiRoutes.health.check),
  me: at(apiRoutes.me, apiRoutes.me.own),
  /** better-auth's own routes, under one prefix the server hands to it. */
  auth: {
    /** Where better-auth is mounted (its `basePath`). */
    base: AUTH_BASE,
    prefix: `${AUTH_BASE}/`,
    signInEmail: `${AUTH_BASE}/sign-in/email`,
    signUpEmail: `${AUTH_BASE}/sign-up/email`,
    signInMagicLink: `${AUTH_BASE}/sign-in/magic-link`,
    requestPasswordReset: `${AUTH_BASE}/request-password-reset`,
    resetPassword: `${AUTH_BASE}/reset-password`,
    changePassword: `${AUTH_BASE}/change-password`,
    deleteUser: `${AUTH_BASE}/delete-user`,
    signOut: `${AUTH_BASE}/sign-out`,
  },
  account: {
    resetToken: at(account, account.resetToken),
    verifyEmail: at(account, account.verifyEmail),
    magicLink: at(account, account.magicLink),
  },
  profile: {
    own: at(profile, profile.own),
    coach: at(profile, profile.coach),
    becomeCoach: at(profile, profile.becomeCoach),
  },
  plans: {
    list: (filters: { completed?: boolean; assigned?: boolean; archived?: boolean }) =>
      apiPath(plans, plans.list, {}, filters),
    create: at(plans, plans.list),
    one: byId(plans, plans.one),
    /** A planned workout by its own id, with its plan's context. */
    workout: byId(plans, plans.workout),
    day: (id: string, week: number, day: number) => apiPath(plans, plans.day, { id, week, day }),
    dayDate: (id: string, week: number, day: number) => apiPath(plans, plans.dayDate, { id, week, day }),
    copyDay: byId(plans, plans.copyDay),
    moveDay: byId(plans, plans.moveDay),
    copyWeek: byId(plans, plans.copyWeek),
    trainingDays: byId(plans, plans.trainingDays),
    copy: byId(plans, plans.copy),
    start: byId(plans, plans.start),
    assign: byId(plans, plans.assign),
    archive: byId(plans, plans.archive),
    restore: byId(plans, plans.restore),
  },
  progression: {
    preview: at(progression, progression.preview),
    proposals: at(progression, progression.proposals),
    decide: (decision: 'approve' | 'dismiss') => at(progression, progression[decision]),
  },
  workouts: {
    list: (filters: { archived?: boolean } = {}) => apiPath(workouts, workouts.list, {}, filters),
    create: at(workouts, workouts.list),
    one: byId(workouts, workouts.one),
    copy: byId(workouts, workouts.copy),
    archive: byId(workouts, workouts.archive),
    restore: byId(workouts, workouts.restore),
  },
  sessions: {
    list: (filters: { planId?: string; clientId?: string; limit?: number }) =>
      apiPath(sessions, sessions.list, {}, filters),
    start: at(sessions, sessions.list),
    one: byId(sessions, sessions.one),
    report: byId(sessions, sessions.report),
    finish: byId(sessions, sessions.finish),
    discard: byId(sessions, sessions.discard),
    comments: byId(sessions, sessions.comments),
    readComments: byId(sessions, sessions.readComments),
    set: (id: string, setId: string) => apiPath(sessions, sessions.set, { id, setId }),
    /** A set's removal, stamped with when the lifter removed it (a later log of it wins). */
    removeSet: (id: string, setId: string, editedAt: string) =>
      apiPath(sessions, sessions.set, { id, setId }, { editedAt }),
    movementStats: (movementIds: readonly string[]) =>
      apiPath(sessions, sessions.movementStats, {}, { movementIds: movementIds.join(',') }),
    unreadComments: at(sessions, sessions.unreadComments),
  },
  movements: {
    list: (params: Record<string, QueryValue>) => apiPath(movements, movements.list, {}, params),
    create: at(movements, movements.list),
    one: byId(movements, movements.one),
    archive: byId(movements, movements.archive),
    restore: byId(movements, movements.restore),
    copy: byId(movements, movements.copy),
    swaps: (id: string, query: Record<string, QueryValue> = {}) => apiPath(movements, movements.swaps, { id }, query),
  },
  clients: {
    /** `today` is the coach's calendar date, which the roster's figures count from. */
    list: (today: string) => apiPath(clients, clients.list, {}, { today }),
    one: (clientId: string, today: string) => apiPath(clients, clients.one, { clientId }, { today }),
    dashboard: (today: string, since?: string) => apiPath(clients, clients.dashboard, {}, { today, since }),
    archive: byId(clients, clients.archive),
  },
  invites: {
    list: at(invites, invites.list),
    create: at(invites, invites.list),
    preview: byId(invites, invites.preview),
    resend: byId(invites, invites.resend),
    revoke: byId(invites, invites.revoke),
    accept: at(invites, invites.accept),
  },
  progress: {
    /** `local` carries the device's date and UTC offset, which weeks and days are counted in. */
    overview: (local: Record<string, QueryValue>) => apiPath(progress, progress.overview, {}, local),
    e1rm: (local: Record<string, QueryValue>) => apiPath(progress, progress.e1rm, {}, local),
    timed: (query: { clientId?: string } = {}) => apiPath(progress, progress.timed, {}, query),
    movements: (local: Record<string, QueryValue>) => apiPath(progress, progress.movements, {}, local),
    bodyWeight: byId(bodyWeights, bodyWeights.one),
  },
  progressPhotos: {
    list: (query: { clientId?: string; pose?: string; before?: string | null } = {}) =>
      apiPath(apiRoutes.progressPhotos, apiRoutes.progressPhotos.list, {}, query),
    add: at(apiRoutes.progressPhotos, apiRoutes.progressPhotos.list),
    one: byId(apiRoutes.progressPhotos, apiRoutes.progressPhotos.one),
    image: (id: string, size: 'display' | 'thumb') =>
      apiPath(apiRoutes.progressPhotos, apiRoutes.progressPhotos.image, { id, size }),
  },
  habits: {
    list: (query: { clientId?: string; archived?: '1' } = {}) =>
      apiPath(apiRoutes.habits, apiRoutes.habits.list, {}, query),
    add: at(apiRoutes.habits, apiRoutes.habits.list),
    one: byId(apiRoutes.habits, apiRoutes.habits.one),
    entry: (id: string, date: string) => apiPath(apiRoutes.habits, apiRoutes.habits.entry, { id, date }),
  },
  gyms: {
    list: at(apiRoutes.gyms, apiRoutes.gyms.list),
    one: byId(apiRoutes.gyms, apiRoutes.gyms.one),
    current: at(apiRoutes.gyms, apiRoutes.gyms.current),
  },
  checkIns: {
    list: (query: { clientId?: string; before?: string | null } = {}) =>
      apiPath(apiRoutes.checkIns, apiRoutes.checkIns.list, {}, query),
    submit: at(apiRoutes.checkIns, apiRoutes.checkIns.list),
    open: at(apiRoutes.checkIns, apiRoutes.checkIns.open),
    forms: at(apiRoutes.checkIns, apiRoutes.checkIns.forms),
    form: byId(apiRoutes.checkIns, apiRoutes.checkIns.form),
    schedules: (clientId?: string) => apiPath(apiRoutes.checkIns, apiRoutes.checkIns.schedules, {}, { clientId }),
    addSchedule: at(apiRoutes.checkIns, apiRoutes.checkIns.schedules),
    schedule: byId(apiRoutes.checkIns, apiRoutes.checkIns.schedule),
    one: byId(apiRoutes.checkIns, apiRoutes.checkIns.one),
    comments: byId(apiRoutes.checkIns, apiRoutes.checkIns.comments),
  },
  chat: {
    conversations: at(chat, chat.conversations),
    messages: (otherId: string, page: { before?: number | null; after?: number; limit?: number } = {}) =>
      apiPath(chat, chat.messages, { otherId }, page),
    read: byId(chat, chat.read),
    stream: (since: number | null) => apiPath(chat, chat.stream, {}, { since }),
  },
  calendar: {
    own: at(calendar, calendar.own),
    /** The secret feed a calendar app subscribes to. */
    feed: (secret: string) => apiPath(calendar, calendar.feed, { file: `${secret}.ics` }),
  },
  tokens: {
    list: at(tokens, tokens.list),
    create: at(tokens, tokens.list),
    one: byId(tokens, tokens.one),
  },
  notifications: {
    setup: at(apiRoutes.notifications, apiRoutes.notifications.setup),
    settings: at(apiRoutes.notifications, apiRoutes.notifications.settings),
    devices: at(apiRoutes.notifications, apiRoutes.notifications.devices),
    device: byId(apiRoutes.notifications, apiRoutes.notifications.device),
    test: byId(apiRoutes.notifications, apiRoutes.notifications.test),
    rest: byId(apiRoutes.notifications, apiRoutes.notifications.rest),
  },
  historyImport: {
    preview: at(historyImport, historyImport.preview),
    run: at(historyImport, historyImport.run),
  },
  /** Downloads are plain links (the browser saves the streamed answer); `clientId` is a coach's client. */
  dataExport: {
    json: (clientId?: string) => apiPath(dataExport, dataExport.json, {}, { clientId }),
    csv: (clientId?: string) => apiPath(dataExport, dataExport.csv, {}, { clientId }),
    photos: (clientId?: string) => apiPath(dataExport, dataExport.photos, {}, { clientId }),
    restore: at(dataExport, dataExport.restore),
  },
  docs: at(apiRoutes.apiDocs, apiRoutes.apiDocs.docs),
  openapi: at(apiRoutes.apiDocs, apiRoutes.apiDocs.openapi),
  devOutbox: at(apiRoutes.dev, apiRoutes.dev.outbox),
} as const
