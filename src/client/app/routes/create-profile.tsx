import { useAuth } from '#client/features/auth/auth-context.tsx'
import { AuthCard } from '#client/features/auth/components/auth-card.tsx'
import { useCreateProfile } from '#client/features/auth/profile-mutations.ts'
import { ProfileForm } from '#client/features/profile/profile-form.tsx'

export function CreateProfilePage() {
  const auth = useAuth()
  const create = useCreateProfile()
  const profile = auth.status === 'authenticated' ? auth.profile : undefined

  return (
    <AuthCard title="Create your profile" description="Tell your coach who you are. You can change this later on your account page.">
      <ProfileForm
        initial={profile}
        submitLabel="Save profile"
        busy={create.isPending}
        onSubmit={({ displayName, primaryGoal, experienceLevel }) => create.mutate({ displayName, primaryGoal, experienceLevel })}
      />
    </AuthCard>
  )
}
