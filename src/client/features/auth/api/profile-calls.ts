import { apiPaths } from '#shared/api-paths.ts'
import type { UpdateProfileInput } from '#shared/schemas/profile-update.ts'
import { ProfileSchema, type SaveProfileInput } from '#shared/schemas/profiles.ts'
import { ApiError, apiRequest } from '#client/lib/api-client.ts'

export const saveProfile = (input: SaveProfileInput) =>
  apiRequest(apiPaths.profile.own, { method: 'PUT', body: input, schema: ProfileSchema })

export const updateProfile = (input: UpdateProfileInput) =>
  apiRequest(apiPaths.profile.own, { method: 'PATCH', body: input, schema: ProfileSchema })

export const becomeCoach = () => apiRequest(apiPaths.profile.becomeCoach, { method: 'POST', schema: ProfileSchema })

/** The profile, or null when the user has none yet (the callback sends them to /create-profile). */
export async function fetchOwnProfile() {
  try {
    return await apiRequest(apiPaths.profile.own, { schema: ProfileSchema })
  } catch (error) {
    if (error instanceof ApiError && error.code === 'NOT_FOUND') return null
    throw error
  }
}
