/**
 * Every route of the app, in one place (docs/product.md#routes-and-redirects).
 * Components and the server build URLs with these helpers, never by hand.
 */
const enc = encodeURIComponent

export const paths = {
  root: { path: '/', getHref: () => '/' },
  welcome: { path: '/welcome', getHref: () => '/welcome' },
  auth: {
    login: { path: '/auth', getHref: () => '/auth' },
    reset: { path: '/auth/reset', getHref: () => '/auth/reset' },
    callback: { path: '/auth/callback', getHref: () => '/auth/callback' },
  },
  createProfile: { path: '/create-profile', getHref: () => '/create-profile' },
  invite: { path: '/invite/:token', getHref: (token: string) => `/invite/${enc(token)}` },
  devOutbox: { path: '/dev/outbox', getHref: () => '/dev/outbox' },
  account: { path: '/account', getHref: () => '/account' },

  client: {
    home: { path: '/home', getHref: () => '/home' },
    programNew: { path: '/client/program/new', getHref: () => '/client/program/new' },
    mesocycle: { path: '/mesocycle', getHref: () => '/mesocycle' },
    createWorkout: { path: '/create-workout', getHref: () => '/create-workout' },
    workouts: { path: '/workouts', getHref: () => '/workouts' },
    workoutPreview: {
      path: '/workout/preview/:planWorkoutId',
      getHref: (planWorkoutId: string) => `/workout/preview/${enc(planWorkoutId)}`,
    },
    session: { path: '/session/:sessionId', getHref: (sessionId: string) => `/session/${enc(sessionId)}` },
    chat: { path: '/chat', getHref: () => '/chat' },
    progress: { path: '/progress', getHref: () => '/progress' },
    /** The client's check-ins: what is due, and the ones sent with their comments. */
    checkIns: { path: '/check-ins', getHref: () => '/check-ins' },
    /** Filling in the check-in open on a schedule. */
    checkIn: { path: '/check-ins/:scheduleId', getHref: (scheduleId: string) => `/check-ins/${enc(scheduleId)}` },
  },

  coach: {
    dashboard: { path: '/coach', getHref: () => '/coach' },
    createPlan: { path: '/coach/create-plan', getHref: () => '/coach/create-plan' },
    program: { path: '/coach/program/:id', getHref: (id: string) => `/coach/program/${enc(id)}` },
    clients: { path: '/coach/clients', getHref: () => '/coach/clients' },
    /** One client's page; `tab` opens one of its sections (overview when absent). */
    client: {
      path: '/coach/clients/:clientId',
      getHref: (
        clientId: string,
        tab?: 'overview' | 'progress' | 'sessions' | 'plan' | 'check-ins' | 'habits' | 'chat',
      ) => `/coach/clients/${enc(clientId)}${tab && tab !== 'overview' ? `?tab=${tab}` : ''}`,
    },
    messages: { path: '/coach/messages', getHref: () => '/coach/messages' },
    /** The coach's check-in forms. */
    checkInForms: { path: '/coach/check-ins', getHref: () => '/coach/check-ins' },
    library: { path: '/coach/library', getHref: () => '/coach/library' },
    templateBoard: { path: '/coach/template-board', getHref: () => '/coach/template-board' },
    chat: { path: '/coach/chat/:clientId', getHref: (clientId: string) => `/coach/chat/${enc(clientId)}` },
  },

  open: {
    planBuilder: {
      path: '/client/plan-builder',
      getHref: (planId?: string) => (planId ? `/client/plan-builder?plan=${enc(planId)}` : '/client/plan-builder'),
    },
    programs: { path: '/programs', getHref: () => '/programs' },
    program: { path: '/programs/:planId', getHref: (planId: string) => `/programs/${enc(planId)}` },
    workout: { path: '/workout/:id', getHref: (id: string) => `/workout/${enc(id)}` },
    workoutReadonly: {
      path: '/workout-readonly/:planWorkoutId',
      getHref: (planWorkoutId: string) => `/workout-readonly/${enc(planWorkoutId)}`,
    },
    summary: { path: '/summary/:id', getHref: (id: string) => `/summary/${enc(id)}` },
    perfSessions: { path: '/debug/perf-sessions', getHref: () => '/debug/perf-sessions' },
  },
} as const

/** The fragment of a summary's address that opens it at one logged set ('#set-<id>'). */
export const setAnchor = (setLogId: string) => `set-${setLogId}`

/** Where a comment opens: its session's summary, at the set it is on. */
export const commentHref = ({ sessionId, setLogId }: { sessionId: string; setLogId: string | null }) =>
  `${paths.open.summary.getHref(sessionId)}${setLogId ? `#${setAnchor(setLogId)}` : ''}`

export type Role = 'coach' | 'client'

/** Where a signed-in user belongs by default: /coach for coaches, /home for clients. */
export function homeHrefFor(role: Role): string {
  return role === 'coach' ? paths.coach.dashboard.getHref() : paths.client.home.getHref()
}
