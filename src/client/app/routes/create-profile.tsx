import { useAuth } from '#client/features/auth/auth-context.tsx'
import { AuthCard } from '#client/features/auth/components/auth-card.tsx'
import { useCreateProfile } from '#client/features/auth/profile-mutations.ts'
import { ProfileForm } from '#client/features/profile/profile-form.tsx'

/** Pounds where the device's region weighs in them (the United States, Liberia, Myanmar), else kilograms. */
function unitOfRegion(): 'kg' | 'lb' {
  try {
    const region = new Intl.Locale(navigator.language).maximize().region
    return region && ['US', 'LR', 'MM'].includes(region) ? 'lb' : 'kg'
  } catch {
    return 'kg'
  }
}

export function CreateProfilePage() {
  const auth = useAuth()
  const create = useCreateProfile()
  const profile = auth.status === 'authenticated' ? auth.profile : undefined

  return (
    <AuthCard
      title="Create your profile"
      description="Tell your coach who you are. You can change this later on your account page."
    >
      <ProfileForm
        // The unit has not been chosen yet (a profile made for the user holds the default): the region's.
        initial={{ ...profile, unit: unitOfRegion() }}
        submitLabel="Save profile"
        busy={create.isPending}
        withUnit
        onSubmit={({ displayName, primaryGoal, experienceLevel, unit }) =>
          create.mutate({ displayName, primaryGoal, experienceLevel, unit })
        }
      />
    </AuthCard>
  )
}
