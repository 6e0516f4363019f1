import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import {
  DecisionSchema,
  ProposalsSchema,
  RulePreviewSchema,
  type PreviewRuleInput,
} from '#shared/schemas/progression-api.ts'
import { apiPaths } from '#shared/api-paths.ts'
import { apiRequest } from '#client/lib/api-client.ts'
import { planQueries } from './plan-queries.ts'

/** Progression rules: a rule's preview, and the proposals a coach decides on. */
export const progressionCalls = {
  preview: (body: PreviewRuleInput) =>
    apiRequest(apiPaths.progression.preview, { method: 'POST', body, schema: RulePreviewSchema }),
}

export const proposalQueries = {
  all: () => [...planQueries.all(), 'proposals'] as const,
  pending: () =>
    queryOptions({
      queryKey: proposalQueries.all(),
      queryFn: ({ signal }) => apiRequest(apiPaths.progression.proposals, { schema: ProposalsSchema, signal }),
    }),
}

/** Approves or dismisses proposals ('Approve all' sends every id); the plans they touch are read again. */
export function useDecideProposals() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ ids, decision }: { ids: string[]; decision: 'approve' | 'dismiss' }) =>
      apiRequest(apiPaths.progression.decide(decision), { method: 'POST', body: { ids }, schema: DecisionSchema }),
    meta: { errorTitle: 'Could not decide on the proposals' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: planQueries.all() }),
  })
}
