import { monthsBefore } from '../src/client/lib/dates.ts'
import { api, setBody, statsPath, type Plan, type SessionExercise, type User, type World } from './lived-in-world.ts'

/** The daily screens of the lived-in bench, each the calls its page makes, in the page's order. */

// ---------- the screens ----------

/** Latencies by screen, then by call, in the order first made. */
export type Timings = Map<string, Map<string, number[]>>
type Call = <T>(name: string, who: User, method: string, path: string, body?: unknown) => Promise<T>
/** A row of the screen's own beside its calls (a moment inside it). */
export type Mark = (row: string, ms: number) => void
type Screen = { name: string; run: (call: Call, rep: number, mark: Mark) => Promise<void> }

/** The wall time of a whole screen (its first call to its last answer), as a row of its own. */
export const WHOLE = 'the screen, first call to last answer'
export const CAN_LOG = 'to a logger that can log (start + session)'

/**
 * The screens, in the order a day's use makes them. Each calls what its page calls, in the page's
 * order; `Promise.all` where the page's queries start together. On screens reached from another,
 * the answers React Query still holds (fresh for 5 minutes) are not asked again.
 */
export function screens(
  base: string,
  world: World,
  state: { sessionId: string; exercises: SessionExercise[] },
): Screen[] {
  const { lifter, coach, today } = world
  const local = `today=${today}&utcOffsetMinutes=0`
  const since = monthsBefore(today, 3)
  const yesterday = new Date(Date.now() - 86_400_000).toISOString()
  // useActivePlan: the plans in use, then the plan and its sessions together.
  const activePlan = async (call: Call) => {
    const plans = await call<{ id: string; status: string; clientId: string | null }[]>(
      'GET /api/plans?completed=false',
      lifter,
      'GET',
      '/api/plans?completed=false',
    )
    const plan = plans.find((p) => p.status === 'active' && p.clientId === lifter.id)
    if (!plan) throw new Error('the lifter has no active plan')
    await Promise.all([
      call('GET /api/plans/:id', lifter, 'GET', `/api/plans/${plan.id}`),
      call('GET /api/sessions?planId=…&limit=100', lifter, 'GET', `/api/sessions?planId=${plan.id}&limit=100`),
    ])
  }
  // The progress view: the overview, then the e1RM chart of its first movement over the last 3 months.
  const progress = async (call: Call, who: User, clientId?: string) => {
    const client = clientId ? `clientId=${clientId}&` : ''
    const overview = await call<{ movements: { movementId: string }[] }>(
      'GET /api/progress',
      who,
      'GET',
      `/api/progress?${client}${local}`,
    )
    const first = overview.movements[0]
    if (first)
      await call(
        'GET /api/progress/e1rm (3 months)',
        who,
        'GET',
        `/api/progress/e1rm?${client}movementId=${first.movementId}&since=${since}&${local}`,
      )
  }
  // A summary with the other side's comments: the report, marking them read, the unread count again.
  const summary = async (call: Call, who: User, sessionId: string) => {
    await call('GET /api/sessions/:id/report', who, 'GET', `/api/sessions/${sessionId}/report`)
    await call('POST /api/sessions/:id/comments/read', who, 'POST', `/api/sessions/${sessionId}/comments/read`, {})
    await call('GET /api/sessions/comments/unread', who, 'GET', '/api/sessions/comments/unread')
  }
  return [
    {
      // The app opened on /home: who am I, then the frame's badges and the page's queries
      // together; once the plan is in, the device keeps last time's numbers for today's and the
      // next workout for no signal (useKeepGymScreens), which the preview then reads from the cache.
      name: 'lifter: home (the app opened on /home)',
      run: async (call) => {
        await call('GET /api/me', lifter, 'GET', '/api/me')
        await Promise.all([
          (async () => {
            await activePlan(call)
            await Promise.all([
              call('GET /api/sessions/movement-stats (today’s workout)', lifter, 'GET', world.statsPaths.today),
              call('GET /api/sessions/movement-stats (the next workout)', lifter, 'GET', world.statsPaths.next),
            ])
          })(),
          call('GET /api/sessions?limit=3', lifter, 'GET', '/api/sessions?limit=3'),
          call('GET /api/profile/coach', lifter, 'GET', '/api/profile/coach'),
          call('GET /api/sessions/comments/unread', lifter, 'GET', '/api/sessions/comments/unread'),
          call('GET /api/chat/conversations', lifter, 'GET', '/api/chat/conversations'),
        ])
      },
    },
    {
      // Last time's numbers are home's, still fresh: the workout is the one call.
      name: 'lifter: workout preview (today’s workout)',
      run: async (call) => {
        await call('GET /api/plans/workouts/:id', lifter, 'GET', `/api/plans/workouts/${world.todayWorkoutId}`)
      },
    },
    {
      // 'Start workout': the start, then the logger's session and its 'last time' figures; the
      // start's invalidation refetches the frame's unread comments meanwhile.
      name: 'lifter: Start workout → the session logger',
      run: async (call, _rep, mark) => {
        const t0 = performance.now()
        const started = await call<{ id: string }>('POST /api/sessions', lifter, 'POST', '/api/sessions', {
          id: crypto.randomUUID(),
          planWorkoutId: world.todayWorkoutId,
        })
        state.sessionId = started.id
        await Promise.all([
          (async () => {
            const session = await call<{ exercises: SessionExercise[] }>(
              'GET /api/sessions/:id',
              lifter,
              'GET',
              `/api/sessions/${started.id}`,
            )
            state.exercises = session.exercises
            mark(CAN_LOG, performance.now() - t0)
            await call('GET /api/sessions/movement-stats', lifter, 'GET', statsPath(session.exercises))
          })(),
          call('GET /api/sessions/comments/unread', lifter, 'GET', '/api/sessions/comments/unread'),
        ])
      },
    },
    {
      name: 'lifter: logging sets (the first set of each exercise)',
      run: async (call, rep) => {
        for (const exercise of state.exercises) {
          await call(
            'PUT /api/sessions/:id/sets/:setId',
            lifter,
            'PUT',
            `/api/sessions/${state.sessionId}/sets/${crypto.randomUUID()}`,
            setBody(exercise, 1, rep),
          )
        }
      },
    },
    {
      // useFinishSession: the finish, the session page's queries refetched, then the summary.
      name: 'lifter: finish → its summary',
      run: async (call) => {
        await call('POST /api/sessions/:id/finish', lifter, 'POST', `/api/sessions/${state.sessionId}/finish`, {
          rpe: 8,
          notes: null,
        })
        await Promise.all([
          call('GET /api/sessions/movement-stats', lifter, 'GET', statsPath(state.exercises)),
          call('GET /api/sessions/comments/unread', lifter, 'GET', '/api/sessions/comments/unread'),
        ])
        await call('GET /api/sessions/:id/report', lifter, 'GET', `/api/sessions/${state.sessionId}/report`)
      },
    },
    {
      name: 'lifter: a past summary with the coach’s comment',
      run: (call) => summary(call, lifter, world.commentedSessionId),
    },
    { name: 'lifter: progress', run: (call) => progress(call, lifter) },
    { name: 'lifter: calendar (/mesocycle)', run: (call) => activePlan(call) },
    {
      // The coach wrote (not timed); the lifter opens the chat, reads it, and answers.
      name: 'lifter: chat (a new message from the coach)',
      run: async (call, rep) => {
        await api(base, coach, 'POST', `/api/chat/${lifter.id}/messages`, {
          id: crypto.randomUUID(),
          body: `How did today feel? (${rep})`,
        })
        const conversations = await call<{ items: { otherId: string; active: boolean }[] }>(
          'GET /api/chat/conversations',
          lifter,
          'GET',
          '/api/chat/conversations',
        )
        const other = conversations.items.find((c) => c.active)?.otherId
        if (other !== coach.id) throw new Error('the lifter’s conversation is not with the demo coach')
        const page = await call<{ items: { seq: number; senderId: string; readAt: string | null }[] }>(
          'GET /api/chat/:other/messages',
          lifter,
          'GET',
          `/api/chat/${other}/messages`,
        )
        const unread = page.items.reduce(
          (max, m) => (m.senderId !== lifter.id && !m.readAt && m.seq > max ? m.seq : max),
          0,
        )
        if (unread) {
          await call('POST /api/chat/:other/read', lifter, 'POST', `/api/chat/${other}/read`, { upTo: unread })
          await call('GET /api/chat/conversations (again, read)', lifter, 'GET', '/api/chat/conversations')
        }
        await call('POST /api/chat/:other/messages (the answer)', lifter, 'POST', `/api/chat/${other}/messages`, {
          id: crypto.randomUUID(),
          body: 'Good, the deadlifts moved well.',
        })
      },
    },
    {
      // The app opened on /coach: who am I; the dashboard with the frame's badges; then the
      // dashboard's progression proposals, which render once it has answered.
      name: 'coach: dashboard (the app opened on /coach)',
      run: async (call) => {
        await call('GET /api/me', coach, 'GET', '/api/me')
        await Promise.all([
          (async () => {
            await call(
              'GET /api/clients/dashboard',
              coach,
              'GET',
              `/api/clients/dashboard?today=${today}&since=${encodeURIComponent(yesterday)}`,
            )
            await call('GET /api/progression/proposals', coach, 'GET', '/api/progression/proposals')
          })(),
          call('GET /api/chat/conversations', coach, 'GET', '/api/chat/conversations'),
          call('GET /api/sessions/comments/unread', coach, 'GET', '/api/sessions/comments/unread'),
        ])
      },
    },
    {
      name: 'coach: roster (/coach/clients)',
      run: async (call) => {
        await Promise.all([
          call('GET /api/plans?assigned=false', coach, 'GET', '/api/plans?assigned=false'),
          call('GET /api/invites', coach, 'GET', '/api/invites'),
          call('GET /api/clients', coach, 'GET', `/api/clients?today=${today}`),
        ])
      },
    },
    {
      // Details of the four-year lifter on the roster (its own plans are the page's already).
      name: 'coach: client detail (the four-year lifter)',
      run: async (call) => {
        await Promise.all([
          call('GET /api/sessions?clientId=…&limit=10', coach, 'GET', `/api/sessions?clientId=${lifter.id}&limit=10`),
          call('GET /api/plans/:id', coach, 'GET', `/api/plans/${world.planId}`),
          progress(call, coach, lifter.id),
        ])
      },
    },
    {
      name: 'coach: session review (the lifter’s summary)',
      run: (call) => summary(call, coach, world.commentedSessionId),
    },
    {
      // The roster's link to the lifter's plan; then one autosave of a day, as an edit makes.
      name: 'coach: plan builder (/coach/program/:id)',
      run: async (call) => {
        const plan = await call<Plan>('GET /api/plans/:id', coach, 'GET', `/api/plans/${world.planId}`)
        const { week, day, workout } = world.futureDay
        await call(
          'PUT /api/plans/:id/days/:week/:day (autosave)',
          coach,
          'PUT',
          `/api/plans/${world.planId}/days/${week}/${day}`,
          { version: plan.version, workout },
        )
      },
    },
  ]
}
