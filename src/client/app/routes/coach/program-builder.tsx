import { useParams } from 'react-router'
import type { Plan } from '#shared/schemas/plans.ts'
import { useAuth } from '#client/features/auth/auth-context.tsx'
import { AssignPlanDialog } from '#client/features/clients/components/assign-plan-dialog.tsx'
import { CoachPlanActions } from '#client/features/plans/components/coach-plan-actions.tsx'
import { PlanBuilder } from '#client/features/plans/components/plan-builder.tsx'

/** /coach/program/{id}: the plan builder, with assigning and templates. */
export function ProgramBuilderPage() {
  const { id = '' } = useParams()
  const auth = useAuth()
  if (auth.status !== 'authenticated') return null
  return (
    <PlanBuilder
      key={id}
      planId={id}
      userId={auth.user.id}
      unit={auth.profile.unit}
      actions={coachActions}
      withTrainingDays
      approvals
    />
  )
}

/** A client's own plan has none: it was assigned already, and templates come from the coach's plans. */
function coachActions(plan: Plan, whenSaved: () => Promise<void>) {
  if (plan.clientId) return null
  return (
    <>
      <CoachPlanActions plan={plan} whenSaved={whenSaved} />
      <AssignPlanDialog plan={plan} whenSaved={whenSaved} />
    </>
  )
}
