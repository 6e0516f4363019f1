import { paths } from '#shared/paths.ts'
import { CreatePlanForm } from '#client/features/plans/components/create-plan-form.tsx'

/** /client/program/new: a self-coached client frames their own plan, then builds it. */
export function ClientProgramNewPage() {
  return (
    <section className="flex max-w-xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">New plan</h1>
        <p className="text-sm text-muted-foreground">
          Coaching yourself? Set the weeks and days, then fill them in the plan builder.
        </p>
      </div>
      <CreatePlanForm builderHref={paths.open.planBuilder.getHref} withTemplates={false} />
    </section>
  )
}
