import { infiniteQueryOptions } from '@tanstack/react-query'
import { apiPaths } from '#shared/api-paths.ts'
import { ProgressPhotosSchema } from '#shared/schemas/progress-photos.ts'
import { apiRequest } from '#client/lib/api-client.ts'

/** `clientId` undefined: my own photos (a lifter); a coach names their client. Newest day first, a page at a time. */
export const photoQueries = {
  all: () => ['progress-photos'] as const,
  list: (clientId?: string) =>
    infiniteQueryOptions({
      queryKey: [...photoQueries.all(), clientId ?? 'me'],
      initialPageParam: null as string | null,
      queryFn: ({ pageParam, signal }) =>
        apiRequest(apiPaths.progressPhotos.list({ clientId, before: pageParam }), {
          schema: ProgressPhotosSchema,
          signal,
        }),
      getNextPageParam: (page) => page.nextBefore,
    }),
}

/** Where the browser reads a photo's image (the API checks who asks; the address is not public). */
export const photoSrc = (id: string, size: 'display' | 'thumb') => apiPaths.progressPhotos.image(id, size)
