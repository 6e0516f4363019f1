import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { authText } from '#shared/app-text.ts'
import { saveProfile } from '#client/features/auth/api/profile-calls.ts'
import { authQueries } from '#client/features/auth/api/auth-queries.ts'
import { useAuth } from '#client/features/auth/auth-context.tsx'
import { AuthCard } from '#client/features/auth/components/auth-card.tsx'
import { ProfileForm } from '#client/features/profile/profile-form.tsx'
import { describeError } from '#client/lib/error-text.ts'
import { notify } from '#client/lib/notify.ts'
import { landingHref } from '#client/features/auth/return-to.ts'

export function CreateProfilePage() {
  const auth = useAuth()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [busy, setBusy] = useState(false)
  const profile = auth.status === 'authenticated' ? auth.profile : undefined

  return (
    <AuthCard title="Create your profile" description="Tell your coach who you are. You can change this later on your account page.">
      <ProfileForm
        initial={profile}
        submitLabel="Save profile"
        busy={busy}
        onSubmit={async ({ displayName, primaryGoal, experienceLevel }) => {
          setBusy(true)
          try {
            const saved = await saveProfile({ displayName, primaryGoal, experienceLevel })
            queryClient.setQueryData(authQueries.me().queryKey, (me) => (me ? { ...me, profile: saved } : me))
            notify.success(authText.profileCreated)
            await navigate(landingHref(saved.role), { replace: true })
          } catch (error) {
            notify.error({ title: authText.profileSaveFailedTitle, description: describeError(error) })
          } finally {
            setBusy(false)
          }
        }}
      />
    </AuthCard>
  )
}
