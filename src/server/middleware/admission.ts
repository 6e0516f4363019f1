import PQueue from 'p-queue'
import { createMiddleware } from 'hono/factory'
import { apiPaths, apiRoutes, isApiRoute } from '#shared/api-paths.ts'
import type { AppEnv } from '#server/context.ts'

/**
 * How long a call keeps its place among those running before it gives the place up and runs on
 * beside them: a slow call (an upload, an export, a long statement) never holds the line.
 */
export const HOLD_MS = 1000

/** Whether this call goes to the head of the line: a set being logged or removed, and the health probe. */
export const goesFirst = (method: string, path: string) =>
  path === apiPaths.health ||
  ((method === 'PUT' || method === 'DELETE') && isApiRoute(apiRoutes.sessions, apiRoutes.sessions.set, path))

/**
 * At most `concurrency` API calls run at once; the others wait in line, the gym's set saves at
 * its head (docs/scaling.md#who-goes-first). On a busy server a call that waits its turn and
 * then runs with few others finishes sooner than one that shares the processor with a hundred,
 * and a set's save never waits behind a coach's dashboard.
 */
export function admission(concurrency: number) {
  const line = new PQueue({ concurrency })

  /**
   * Resolves when the call may run, with the function that gives its place to the next; or with
   * null when its client went away while it waited (it then leaves the line without running).
   */
  const takePlace = (priority: number, signal: AbortSignal | undefined) =>
    new Promise<(() => void) | null>((admitted) => {
      line
        .add(
          () =>
            new Promise<void>((leave) => {
              const timer = setTimeout(leave, HOLD_MS)
              admitted(() => {
                clearTimeout(timer)
                leave()
              })
            }),
          { priority, signal },
        )
        .catch(() => admitted(null))
    })

  return createMiddleware<AppEnv>(async (c, next) => {
    const leave = await takePlace(goesFirst(c.req.method, c.req.path) ? 1 : 0, c.req.raw.signal)
    // Nobody is listening for the answer: 499 as nginx logs a closed request, never sent.
    if (!leave) return c.body(null, 499 as never)
    try {
      await next()
    } finally {
      leave()
    }
  })
}
