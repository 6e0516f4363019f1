import * as z from 'zod/mini'
import { lazySchema } from './lazy-schema.ts'
import { PrescribedSetSchema } from './plans.ts'
import { UNITS } from './profiles.ts'
import { progressionApiText, ProgressionRuleSchema } from './progression.ts'

/** The progression API's requests and answers (the rules themselves are progression.ts). */
/** POST /api/progression/preview: a rule on some targets, for a lifter (the caller, or one of a coach's clients). */
export const PreviewRuleBody = lazySchema(() =>
  z.object({
    rule: ProgressionRuleSchema,
    movementId: z.uuid('Choose a movement'),
    sets: z
      .array(PrescribedSetSchema)
      .check(z.minLength(1, 'Give the sets to preview'), z.maxLength(20, 'An exercise has at most 20 sets')),
    clientId: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
  }),
)
export type PreviewRuleInput = z.infer<typeof PreviewRuleBody>

export const RulePreviewSchema = lazySchema(() =>
  z.object({
    unit: z.enum(UNITS),
    plateStep: z.number(),
    e1rmKg: z.nullable(z.number()),
    /** The targets after each of the next weeks, if every set is done as prescribed. */
    weeks: z.array(z.object({ week: z.number(), sets: z.array(PrescribedSetSchema), reason: z.string() })),
  }),
)
export type RulePreview = z.infer<typeof RulePreviewSchema>

/** A rule's change to a client's next targets, waiting for their coach. */
const ProposalSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    planId: z.string(),
    planName: z.string(),
    clientId: z.string(),
    clientName: z.string(),
    planWorkoutId: z.string(),
    week: z.number(),
    day: z.number(),
    movementId: z.string(),
    movementName: z.string(),
    fromSets: z.array(PrescribedSetSchema),
    toSets: z.array(PrescribedSetSchema),
    reason: z.string(),
    createdAt: z.string(),
  }),
)
export type Proposal = z.infer<typeof ProposalSchema>
export const ProposalsSchema = lazySchema(() => z.array(ProposalSchema))

/** POST /api/progression/proposals/approve and /dismiss: the proposals decided on ('Approve all' sends every id). */
export const DecideProposalsBody = lazySchema(() =>
  z.object({
    ids: z
      .array(z.uuid(progressionApiText.proposalIds))
      .check(z.minLength(1, progressionApiText.proposalIds), z.maxLength(200, progressionApiText.proposalIds)),
  }),
)

export const DecisionSchema = lazySchema(() =>
  z.object({ approved: z.number(), dismissed: z.number(), stale: z.number() }),
)
