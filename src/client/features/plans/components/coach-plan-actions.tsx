import { useNavigate } from 'react-router'
import { paths } from '#shared/paths.ts'
import type { Plan } from '#shared/schemas/plans.ts'
import { Button } from '#client/components/ui/button.tsx'
import { notify } from '#client/lib/notify.ts'
import { useCopyPlan } from '../api/plan-mutations.ts'
import { SaveTemplateDialog } from './save-template-dialog.tsx'

type Props = {
  plan: Plan
  /** Resolves when the builder's queued saves are on the server (these actions copy the server's plan). */ whenSaved: () => Promise<void>
}

/** The builder's header action on a coach's own plan: save it as a template (under a name), or start a plan from a template. */
export function CoachPlanActions({ plan, whenSaved }: Props) {
  const navigate = useNavigate()
  const copyPlan = useCopyPlan()
  if (!plan.isTemplate) return <SaveTemplateDialog plan={plan} whenSaved={whenSaved} />
  const newPlan = () =>
    copyPlan.mutate(
      { planId: plan.id, body: { isTemplate: false, name: plan.name }, whenSaved },
      {
        onSuccess: (copy) => {
          notify.success({ title: 'Plan created', description: `A new plan from “${plan.name}”.` })
          void navigate(paths.coach.program.getHref(copy.id))
        },
      },
    )

  return (
    <Button variant="outline" disabled={copyPlan.isPending} onClick={newPlan}>
      New plan from this template
    </Button>
  )
}
