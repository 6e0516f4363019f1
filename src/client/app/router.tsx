import { Suspense, useMemo, type ComponentType } from 'react'
import { Loading } from '#client/components/feedback/full-page-message.tsx'
import { matchRoutes, useLocation, useRoutes, type Location, type RouteObject } from 'react-router'
import { paths } from '#shared/paths.ts'
import { RouteErrorBoundary } from '#client/components/errors/route-error.tsx'
import { GuardedLayout, OpenLayout, PublicLayout, RedirectSignedIn, RootLayout } from './layouts.tsx'
import { lazyScreen, type LazyScreen } from '#client/first-paint/lazy-screen.ts'
import { RouteHandles, type RouteHandle } from './route-handle.ts'

const Welcome = lazyScreen(
  () => import('./routes/welcome.tsx'),
  (m) => m.WelcomePage,
)
const NotFound = lazyScreen(
  () => import('#client/components/errors/not-found.tsx'),
  (m) => m.NotFound,
)
const Auth = lazyScreen(
  () => import('./routes/auth/auth-page.tsx'),
  (m) => m.AuthPage,
)
const Reset = lazyScreen(
  () => import('./routes/auth/reset-page.tsx'),
  (m) => m.ResetPage,
)
const Callback = lazyScreen(
  () => import('./routes/auth/callback-page.tsx'),
  (m) => m.CallbackPage,
)
const CreateProfile = lazyScreen(
  () => import('./routes/create-profile.tsx'),
  (m) => m.CreateProfilePage,
)
const Account = lazyScreen(
  () => import('./routes/account.tsx'),
  (m) => m.AccountPage,
)
const Library = lazyScreen(
  () => import('./routes/coach/library.tsx'),
  (m) => m.LibraryPage,
)
const CreatePlan = lazyScreen(
  () => import('./routes/coach/create-plan.tsx'),
  (m) => m.CreatePlanPage,
)
const Programs = lazyScreen(
  () => import('./routes/programs.tsx'),
  (m) => m.ProgramsPage,
)
const ProgramOverview = lazyScreen(
  () => import('./routes/program-overview.tsx'),
  (m) => m.ProgramOverviewPage,
)
const ProgramBuilder = lazyScreen(
  () => import('./routes/coach/program-builder.tsx'),
  (m) => m.ProgramBuilderPage,
)
const ClientProgramNew = lazyScreen(
  () => import('./routes/client/program-new.tsx'),
  (m) => m.ClientProgramNewPage,
)
const PlanBuilder = lazyScreen(
  () => import('./routes/client/plan-builder.tsx'),
  (m) => m.PlanBuilderPage,
)
const TemplateBoard = lazyScreen(
  () => import('./routes/coach/template-board.tsx'),
  (m) => m.TemplateBoardPage,
)
const WorkoutReadonly = lazyScreen(
  () => import('./routes/workout-readonly.tsx'),
  (m) => m.WorkoutReadonlyPage,
)
const CreateWorkout = lazyScreen(
  () => import('./routes/client/create-workout.tsx'),
  (m) => m.CreateWorkoutPage,
)
const Workouts = lazyScreen(
  () => import('./routes/client/workouts.tsx'),
  (m) => m.WorkoutsPage,
)
const Workout = lazyScreen(
  () => import('./routes/workout.tsx'),
  (m) => m.WorkoutPage,
)
const Invite = lazyScreen(
  () => import('./routes/invite.tsx'),
  (m) => m.InvitePage,
)
const Clients = lazyScreen(
  () => import('./routes/coach/clients.tsx'),
  (m) => m.ClientsPage,
)
const Home = lazyScreen(
  () => import('./routes/client/home.tsx'),
  (m) => m.HomePage,
)
const WorkoutPreview = lazyScreen(
  () => import('./routes/client/workout-preview.tsx'),
  (m) => m.WorkoutPreviewPage,
)
const Session = lazyScreen(
  () => import('./routes/client/session.tsx'),
  (m) => m.SessionPage,
)
const Summary = lazyScreen(
  () => import('./routes/summary.tsx'),
  (m) => m.SummaryPage,
)
const Mesocycle = lazyScreen(
  () => import('./routes/client/mesocycle.tsx'),
  (m) => m.MesocyclePage,
)
const PerfSessions = lazyScreen(
  () => import('./routes/perf-sessions.tsx'),
  (m) => m.PerfSessionsPage,
)
const Dashboard = lazyScreen(
  () => import('./routes/coach/dashboard.tsx'),
  (m) => m.DashboardPage,
)
const DevOutbox = lazyScreen(
  () => import('./routes/dev-outbox.tsx'),
  (m) => m.DevOutboxPage,
)
const Progress = lazyScreen(
  () => import('./routes/client/progress.tsx'),
  (m) => m.ProgressPage,
)
const ClientChat = lazyScreen(
  () => import('./routes/client/chat.tsx'),
  (m) => m.ClientChatPage,
)
const ClientPageScreen = lazyScreen(
  () => import('./routes/coach/client.tsx'),
  (m) => m.ClientPage,
)
const CheckIns = lazyScreen(
  () => import('./routes/client/check-ins.tsx'),
  (m) => m.CheckInsPage,
)
const CheckInScreen = lazyScreen(
  () => import('./routes/client/check-in.tsx'),
  (m) => m.CheckInPage,
)
const CheckInForms = lazyScreen(
  () => import('./routes/coach/check-ins.tsx'),
  (m) => m.CheckInFormsPage,
)
const Messages = lazyScreen(
  () => import('./routes/coach/messages.tsx'),
  (m) => m.MessagesPage,
)
const CoachChat = lazyScreen(
  () => import('./routes/coach/chat.tsx'),
  (m) => m.CoachChatPage,
)

function screen(path: string, Component: ComponentType, handle: RouteHandle): RouteObject {
  return { path, Component, handle }
}

const publicRoutes: RouteObject[] = [
  screen(paths.root.path, Welcome, { title: 'Welcome' }),
  screen(paths.welcome.path, Welcome, { title: 'Welcome' }),
  { Component: RedirectSignedIn, children: [screen(paths.auth.login.path, Auth, { title: 'Sign in' })] },
  screen(paths.auth.reset.path, Reset, { title: 'Reset password' }),
  screen(paths.auth.callback.path, Callback, { title: 'Signing you in' }),
  screen(paths.devOutbox.path, DevOutbox, { title: 'Development outbox' }),
  screen(paths.invite.path, Invite, { title: 'Coach invite' }),
]

const clientRoutes: RouteObject[] = [
  screen(paths.client.home.path, Home, { title: 'Home' }),
  screen(paths.client.programNew.path, ClientProgramNew, { title: 'New plan' }),
  screen(paths.client.mesocycle.path, Mesocycle, { title: 'Calendar' }),
  screen(paths.client.createWorkout.path, CreateWorkout, { title: 'Create workout' }),
  screen(paths.client.workouts.path, Workouts, { title: 'Workouts' }),
  screen(paths.client.workoutPreview.path, WorkoutPreview, { title: 'Workout preview' }),
  screen(paths.client.session.path, Session, { title: 'Workout session', noTabBar: true }),
  screen(paths.client.chat.path, ClientChat, { title: 'Chat' }),
  screen(paths.client.progress.path, Progress, { title: 'Progress' }),
  screen(paths.client.checkIns.path, CheckIns, { title: 'Check-ins' }),
  screen(paths.client.checkIn.path, CheckInScreen, { title: 'Check-in' }),
]

const coachRoutes: RouteObject[] = [
  screen(paths.coach.dashboard.path, Dashboard, { title: 'Coach dashboard' }),
  screen(paths.coach.createPlan.path, CreatePlan, { title: 'Create plan' }),
  screen(paths.coach.program.path, ProgramBuilder, { title: 'Plan builder' }),
  screen(paths.coach.clients.path, Clients, { title: 'Clients' }),
  screen(paths.coach.client.path, ClientPageScreen, { title: 'Client' }),
  screen(paths.coach.messages.path, Messages, { title: 'Messages' }),
  screen(paths.coach.checkInForms.path, CheckInForms, { title: 'Check-in forms' }),
  screen(paths.coach.library.path, Library, { title: 'Movement library' }),
  screen(paths.coach.templateBoard.path, TemplateBoard, { title: 'Templates' }),
  screen(paths.coach.chat.path, CoachChat, { title: 'Chat' }),
]

const openRoutes: RouteObject[] = [
  screen(paths.open.planBuilder.path, PlanBuilder, { title: 'Plan builder' }),
  screen(paths.open.programs.path, Programs, { title: 'Plans' }),
  screen(paths.open.program.path, ProgramOverview, { title: 'Plan' }),
  screen(paths.open.workout.path, Workout, { title: 'Workout' }),
  screen(paths.open.workoutReadonly.path, WorkoutReadonly, { title: 'Planned workout' }),
  screen(paths.open.summary.path, Summary, { title: 'Session summary' }),
  screen(paths.open.perfSessions.path, PerfSessions, { title: 'Performance' }),
]

// The guard is not part of the public pages: /auth does not load it. It comes while the session is read.
const LazyRouteGuard = lazyScreen(
  () => import('#client/features/auth/components/route-guard.tsx'),
  (m) => m.RouteGuard,
)
/** The guard of an area, as a route's component that loads ahead with the screens under it. */
const guard = (area: 'client' | 'coach' | 'any') =>
  Object.assign(
    () => (
      <Suspense fallback={<Loading />}>
        <LazyRouteGuard area={area} />
      </Suspense>
    ),
    { preload: LazyRouteGuard.preload },
  )
const ClientGuard = guard('client')
const CoachGuard = guard('coach')
const AnyGuard = guard('any')

const routes: RouteObject[] = [
  {
    Component: RootLayout,
    children: [
      { Component: PublicLayout, children: publicRoutes },
      {
        Component: ClientGuard,
        children: [
          {
            Component: PublicLayout,
            children: [screen(paths.createProfile.path, CreateProfile, { title: 'Create your profile' })],
          },
          { Component: GuardedLayout, children: clientRoutes },
        ],
      },
      { Component: CoachGuard, children: [{ Component: GuardedLayout, children: coachRoutes }] },
      {
        Component: AnyGuard,
        children: [{ Component: GuardedLayout, children: [screen(paths.account.path, Account, { title: 'Account' })] }],
      },
      { Component: OpenLayout, children: openRoutes },
      { Component: PublicLayout, children: [screen('*', NotFound, { title: 'Page not found' })] },
    ],
  },
]

/**
 * The screens for the current address, inside the router the caller chose (the browser's, or the
 * build's for a drawn page). The routes' handles go to the frame (the tab's title, the tab bar),
 * and a crash while rendering shows the crash screen in their place.
 */
export function AppRoutes() {
  const location = useLocation()
  const handles = useMemo(() => routeHandles(location), [location])
  const screens = useRoutes(routes)
  return (
    <RouteHandles value={handles}>
      <RouteErrorBoundary entry={location.key}>{screens}</RouteErrorBoundary>
    </RouteHandles>
  )
}

/** The handles of the routes an address matches, outermost first. */
export function routeHandles(location: string | Partial<Location>): (RouteHandle | undefined)[] {
  return (matchRoutes(routes, location) ?? []).map((match) => match.route.handle as RouteHandle | undefined)
}

/** Loads the screens a path shows, before React takes over a page the server drew of it. */
export function preloadScreens(path: string): Promise<unknown> {
  const screens = (matchRoutes(routes, path) ?? []).map(
    (match) => match.route.Component as Partial<LazyScreen> | null | undefined,
  )
  return Promise.all(screens.map((screen) => screen?.preload?.()))
}
