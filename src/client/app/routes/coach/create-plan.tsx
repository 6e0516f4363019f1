import { paths } from '#shared/paths.ts'
import { CreatePlanForm } from '#client/features/plans/components/create-plan-form.tsx'

/** /coach/create-plan: name, goal, weeks and days per week, from scratch or from a template -> the builder. */
export function CreatePlanPage() {
  return (
    <section className="flex max-w-xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Create plan</h1>
        <p className="text-sm text-muted-foreground">
          Set the frame of the block; the builder fills its weeks and days.
        </p>
      </div>
      <CreatePlanForm builderHref={paths.coach.program.getHref} withTemplates />
    </section>
  )
}
