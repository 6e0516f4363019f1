import { useNavigate } from 'react-router'
import { paths } from '#shared/paths.ts'
import type { Plan } from '#shared/schemas/plans.ts'
import { Button } from '#client/components/ui/button.tsx'
import { notify } from '#client/lib/notify.ts'
import { useCopyPlan } from '../api/plan-mutations.ts'
import { builderText } from '../builder-text.ts'

type Props = { plan: Plan; /** Resolves when the builder's queued saves are on the server (these actions copy the server's plan). */ whenSaved: () => Promise<void> }

/** The builder's header action on a coach's own plan: save it as a template, or start a plan from a template. */
export function CoachPlanActions({ plan, whenSaved }: Props) {
  const navigate = useNavigate()
  const copyPlan = useCopyPlan()
  const busy = copyPlan.isPending
  const copy = (isTemplate: boolean) =>
    copyPlan.mutate(
      { planId: plan.id, body: { isTemplate, name: plan.name }, whenSaved },
      {
        onSuccess: (copy) => {
          if (isTemplate) notify.success({ title: builderText.templateSaved, description: `“${copy.name}” is on your template board.` })
          else {
            notify.success({ title: 'Plan created', description: `A new plan from “${plan.name}”.` })
            void navigate(paths.coach.program.getHref(copy.id))
          }
        },
      },
    )

  return plan.isTemplate ? (
    <Button variant="outline" disabled={busy} onClick={() => copy(false)}>
      New plan from this template
    </Button>
  ) : (
    <Button variant="outline" disabled={busy} onClick={() => copy(true)}>
      Save as template
    </Button>
  )
}
