import { useParams } from 'react-router'
import { useAuth } from '#client/features/auth/auth-context.tsx'
import { CoachPlanActions } from '#client/features/plans/components/coach-plan-actions.tsx'
import { PlanBuilder } from '#client/features/plans/components/plan-builder.tsx'

/** /coach/program/{id}: the program builder, with assigning and templates. */
export function ProgramBuilderPage() {
  const { id = '' } = useParams()
  const auth = useAuth()
  if (auth.status !== 'authenticated') return null
  return <PlanBuilder key={id} planId={id} userId={auth.user.id} unit={auth.profile.unit} actions={(plan, whenSaved) => <CoachPlanActions plan={plan} whenSaved={whenSaved} />} />
}
