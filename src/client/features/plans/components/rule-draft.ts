import { fieldErrorsOf, type FieldErrors } from '#shared/errors.ts'
import {
  DEFAULT_RULES,
  ProgressionRuleSchema,
  type ProgressionKind,
  type ProgressionRule,
} from '#shared/schemas/progression.ts'
import type { Unit } from '#shared/units.ts'

/* A progression rule as its form holds it (every number as typed), to and from the rule itself. */

export const KIND_LABELS: Record<ProgressionKind, string> = {
  linear: 'Linear: add load when every set is done',
  double: 'Double progression: reps, then load',
  percent_e1rm: '% of e1RM',
  rpe: 'By RPE',
}

/** A rule as the form holds it: every number as typed. */
export type RuleDraft = {
  kind: ProgressionKind | ''
  amount: string
  unit: Unit
  per: 'session' | 'week'
  failures: string
  reducePercent: string
  overPercent: string
  underPercent: string
  /** %1RM: the movement whose e1RM the loads come from, when not the exercise's own. */
  linkedMovementId: string | null
}

export function toDraft(rule: ProgressionRule | null, unit: Unit): RuleDraft {
  const base = {
    kind: '' as const,
    amount: unit === 'kg' ? '2.5' : '5',
    unit,
    per: 'session' as const,
    failures: '3',
    reducePercent: '10',
    overPercent: '5',
    underPercent: '2.5',
    linkedMovementId: null,
  }
  if (!rule) return base
  switch (rule.kind) {
    case 'linear':
      return {
        ...base,
        kind: 'linear',
        amount: String(rule.amount),
        unit: rule.unit,
        per: rule.per,
        failures: String(rule.failures),
        reducePercent: String(rule.reducePercent),
      }
    case 'double':
      return { ...base, kind: 'double', amount: String(rule.amount), unit: rule.unit }
    case 'percent_e1rm':
      return { ...base, kind: 'percent_e1rm', linkedMovementId: rule.linkedMovementId ?? null }
    case 'rpe':
      return { ...base, kind: 'rpe', overPercent: String(rule.overPercent), underPercent: String(rule.underPercent) }
  }
}

export const typedNumber = (value: string) => (value.trim() === '' ? NaN : Number(value.replace(',', '.')))

/** The rule a draft describes, checked by the shared schema: null for no rule of its own. */
export function fromDraft(
  draft: RuleDraft,
): { ok: true; rule: ProgressionRule | null } | { ok: false; fields: FieldErrors } {
  if (!draft.kind) return { ok: true, rule: null }
  const candidate = {
    ...DEFAULT_RULES[draft.kind](draft.unit),
    ...(draft.kind === 'linear' || draft.kind === 'double'
      ? { amount: typedNumber(draft.amount), unit: draft.unit }
      : {}),
    ...(draft.kind === 'linear'
      ? { per: draft.per, failures: typedNumber(draft.failures), reducePercent: typedNumber(draft.reducePercent) }
      : {}),
    ...(draft.kind === 'rpe'
      ? { overPercent: typedNumber(draft.overPercent), underPercent: typedNumber(draft.underPercent) }
      : {}),
    ...(draft.kind === 'percent_e1rm' ? { linkedMovementId: draft.linkedMovementId } : {}),
  }
  const parsed = ProgressionRuleSchema.safeParse(candidate)
  return parsed.success ? { ok: true, rule: parsed.data } : { ok: false, fields: fieldErrorsOf(parsed.error.issues) }
}
