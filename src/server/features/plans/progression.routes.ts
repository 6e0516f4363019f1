import { apiRoutes } from '#shared/api-paths.ts'
import { Hono } from 'hono'
import {
  DecideProposalsBody,
  DecisionSchema,
  PreviewRuleBody,
  ProposalsSchema,
  RulePreviewSchema,
} from '#shared/schemas/progression-api.ts'
import type { AppEnv } from '#server/context.ts'
import { doc } from '#server/lib/api-doc.ts'
import { validate } from '#server/lib/validate.ts'
import { requireProfile } from '#server/middleware/sign-in.ts'
import { decideProposals, listProposals, previewRule, type E1rmLookup } from './progression.service.ts'

const route = apiRoutes.progression

/**
 * Progression rules: a preview before one is switched on, and the proposals a coach approves. The
 * lifter's best e1RMs come from the sessions feature, which itself depends on plans: the app
 * hands its lookup in (as sessions hands it to progressAfterSession), so plans never imports it.
 */
export const createProgressionRoutes = (bestE1rms: E1rmLookup) =>
  new Hono<AppEnv>()
    .use(requireProfile())
    .post(
      route.preview,
      doc({ summary: 'Preview the targets a progression rule would give a lifter next', response: RulePreviewSchema }),
      validate('json', PreviewRuleBody),
      async (c) => c.json(await previewRule(c.var.db, c.var.profile, c.req.valid('json'), bestE1rms)),
    )
    .get(
      route.proposals,
      doc({ summary: 'Progression proposals waiting for your approval', response: ProposalsSchema }),
      requireProfile('coach'),
      async (c) => c.json(await listProposals(c.var.db, c.var.profile)),
    )
    .post(
      route.approve,
      doc({ summary: 'Approve progression proposals', response: DecisionSchema }),
      requireProfile('coach'),
      validate('json', DecideProposalsBody),
      async (c) => c.json(await decideProposals(c.var.db, c.var.profile, c.req.valid('json').ids, 'approve')),
    )
    .post(
      route.dismiss,
      doc({ summary: 'Dismiss progression proposals', response: DecisionSchema }),
      requireProfile('coach'),
      validate('json', DecideProposalsBody),
      async (c) => c.json(await decideProposals(c.var.db, c.var.profile, c.req.valid('json').ids, 'dismiss')),
    )
