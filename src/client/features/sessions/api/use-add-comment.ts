import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CommentInput } from '#shared/schemas/sessions.ts'
import { notify } from '#client/lib/notify.ts'
import { sessionText } from '../session-text.ts'
import { sessionCalls, sessionQueries } from './session-queries.ts'

/** A comment on a session or one of its sets (the coach's, or the lifter's reply); the report refreshes. */
export function useAddComment(sessionId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: CommentInput) => sessionCalls.comment(sessionId, input),
    onSuccess: async () => {
      notify.success(sessionText.commentAdded)
      await queryClient.invalidateQueries({ queryKey: sessionQueries.report(sessionId).queryKey })
    },
  })
}
