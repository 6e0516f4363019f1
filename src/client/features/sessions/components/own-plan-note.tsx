import { Link } from 'react-router'
import { paths } from '#shared/paths.ts'
import type { PlanSummary } from '#shared/schemas/plans.ts'

/** Said where a lifter with two active plans sees one: the coach's plan leads, and theirs is one tap away. */
export function OwnPlanNote({ plan }: { plan: PlanSummary }) {
  return (
    <p role="note" className="rounded-lg border bg-muted/40 px-3 py-2 text-sm">
      This is the plan your coach assigned. Your own plan,{' '}
      <Link className="font-medium underline underline-offset-2" to={paths.open.program.getHref(plan.id)}>
        {plan.name}
      </Link>
      , is active too.
    </p>
  )
}
