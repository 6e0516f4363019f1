import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useNavigate } from 'react-router'
import { authText } from '#shared/app-text.ts'
import { paths } from '#shared/paths.ts'
import type { Profile } from '#shared/schemas/profiles.ts'
import { notify } from '#client/lib/notify.ts'
import { authQueries } from './api/auth-queries.ts'
import { becomeCoach, saveProfile, updateProfile } from './api/profile-calls.ts'
import { landingHref } from './return-to.ts'

// Outside api/ on purpose: vite.config.ts puts features/auth/api into the chunk every page loads,
// and useMutation's runtime there would push /auth past its JavaScript budget.

/** The saved profile replaces the one in who-am-I, so the guard and the shell see it at once. */
function useKeepProfile() {
  const queryClient = useQueryClient()
  return (profile: Profile) =>
    queryClient.setQueryData(authQueries.me().queryKey, (me) => (me ? { ...me, profile } : me))
}

/**
 * /create-profile: the display name and the optional details, then where the user belongs. The
 * screen may unmount once the profile has a name, so the toast and the way on are done here.
 */
export function useCreateProfile() {
  const keepProfile = useKeepProfile()
  const navigate = useNavigate()
  return useMutation({
    mutationFn: saveProfile,
    meta: { errorTitle: authText.profileSaveFailedTitle },
    onSuccess: async (profile) => {
      keepProfile(profile)
      notify.success(authText.profileCreated)
      await navigate(landingHref(profile.role), { replace: true })
    },
  })
}

/** A change on the account page; `errorTitle` names what failed when it is not the profile form. */
export function useUpdateProfile({ errorTitle = authText.profileSaveFailedTitle }: { errorTitle?: string } = {}) {
  const keepProfile = useKeepProfile()
  return useMutation({
    mutationFn: updateProfile,
    meta: { errorTitle },
    onSuccess: keepProfile,
  })
}

/** A client without a coach turns their account into a coach account and opens the coach dashboard. */
export function useBecomeCoach() {
  const keepProfile = useKeepProfile()
  const navigate = useNavigate()
  return useMutation({
    mutationFn: () => becomeCoach(),
    meta: { errorTitle: 'Could not switch to a coach account' },
    // The account page drops this card as soon as the profile says coach: the rest is done here.
    onSuccess: async (profile) => {
      keepProfile(profile)
      notify.success(authText.becameCoach)
      await navigate(paths.coach.dashboard.getHref(), { replace: true })
    },
  })
}

/** This device's IANA time zone, or null where the browser does not say. */
function deviceTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null
  } catch {
    return null
  }
}

/**
 * Tells the server this device's time zone when the profile holds another (or none): a coach
 * reads a lifter's 'trained yesterday' in the lifter's days. A failed report is tried again at the
 * next visit.
 */
export function useReportTimeZone(profile: Profile | null) {
  const keepProfile = useKeepProfile()
  const zone = deviceTimeZone()
  const stale = profile !== null && zone !== null && profile.timeZone !== zone
  useEffect(() => {
    if (!stale || !zone) return
    updateProfile({ timeZone: zone }).then(keepProfile, () => undefined)
    // keepProfile is a new function each render; the report depends on the zone alone.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stale, zone])
}
