import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { apiPaths } from '#shared/api-paths.ts'
import { MeSchema, ProfileSchema, type Me } from '#shared/schemas/profiles.ts'
import { apiRequest } from '#client/lib/api-client.ts'
import { copyKeeper, forgetOfflineCopies } from '#client/lib/offline-copies.ts'
import { forgetPageAnswers } from '#client/first-paint/page-answers.ts'

/**
 * Who am I. A signed-in user without a profile gets the automatic client profile
 * (docs/product.md#signing-in-and-landing) before the answer is used.
 */
async function fetchMe(signal: AbortSignal): Promise<Me> {
  const me = await apiRequest(apiPaths.me, { schema: MeSchema, signal })
  if (!me.user || me.profile) return me
  const keep = copyKeeper(apiPaths.me)
  const profile = await apiRequest(apiPaths.profile.own, { method: 'POST', schema: ProfileSchema, signal })
  // The device's copy for no signal is who-am-I as the app knows it now, with the profile.
  keep({ ...me, profile })
  return { ...me, profile }
}

export const authQueries = {
  all: () => ['auth'] as const,
  // The guard counts and shows its own retries ('Retry n/3'), so the query does not retry.
  me: () =>
    queryOptions({ queryKey: [...authQueries.all(), 'me'], queryFn: ({ signal }) => fetchMe(signal), retry: false }),
}

/**
 * Nobody is signed in, known without asking the server: after a sign-out or a reset, when a call
 * says the session has ended, or on a page the server rendered for a browser with no session.
 * Nothing the tab knew of the previous user survives, nor the device's copies for no signal.
 */
export function markSignedOut(client: QueryClient): void {
  client.clear()
  forgetPageAnswers()
  void forgetOfflineCopies()
  client.setQueryData<Me>(authQueries.me().queryKey, { user: null, profile: null })
}
