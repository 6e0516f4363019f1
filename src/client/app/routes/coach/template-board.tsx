import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { paths } from '#shared/paths.ts'
import type { PlanSummary } from '#shared/schemas/plans.ts'
import { PageHeader } from '#client/components/layouts/page-header.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { planCalls } from '#client/features/plans/api/plan-calls.ts'
import { useCopyPlan } from '#client/features/plans/api/plan-mutations.ts'
import { planQueries } from '#client/features/plans/api/plan-queries.ts'
import { useCardAction, useCreateWorkout } from '#client/features/plans/api/workout-mutations.ts'
import { workoutCalls, workoutQueries } from '#client/features/plans/api/workout-queries.ts'
import { builderText } from '#client/features/plans/builder-text.ts'
import { TemplateActions, TemplateCard } from '#client/features/plans/components/template-card.tsx'
import { notify } from '#client/lib/notify.ts'

const NO_GOAL = 'No goal set'

/** Templates grouped by goal, in the order goals first appear (newest templates first). */
function byGoal(templates: PlanSummary[]): [string, PlanSummary[]][] {
  const groups = new Map<string, PlanSummary[]>()
  for (const template of templates) {
    const goal = template.goal?.trim() || NO_GOAL
    groups.set(goal, [...(groups.get(goal) ?? []), template])
  }
  return [...groups].sort(([a], [b]) => (a === NO_GOAL ? 1 : b === NO_GOAL ? -1 : a.localeCompare(b)))
}

/** /coach/template-board: the coach's plan templates as a board by goal: use, duplicate, archive. */
export function TemplateBoardPage() {
  const [showArchived, setShowArchived] = useState(false)
  const templates = useQuery({
    ...(showArchived ? planQueries.archived() : planQueries.own()),
    select: (plans) => plans.filter((p) => p.isTemplate),
  })
  const workoutTemplates = useQuery({
    ...workoutQueries.list(showArchived),
    select: (all) => all.filter((w) => w.isTemplate && !w.shared),
  })
  const navigate = useNavigate()
  const card = useCardAction()
  const fromTemplate = useCopyPlan({ errorTitle: 'Could not create the plan' })
  const newWorkout = useCreateWorkout()
  const busy = card.isPending
    ? card.variables.id
    : fromTemplate.isPending || fromTemplate.isSuccess
      ? fromTemplate.variables?.planId
      : null

  const act = (id: string, run: () => Promise<unknown>, done: string) =>
    card.mutate({ id, run }, { onSuccess: () => notify.success({ title: done }) })

  const startFromTemplate = (template: PlanSummary) =>
    fromTemplate.mutate(
      { planId: template.id, body: { name: template.name, isTemplate: false } },
      {
        onSuccess: (plan) => {
          notify.success({ title: 'Plan created', description: `A new plan from “${template.name}”.` })
          void navigate(paths.coach.program.getHref(plan.id))
        },
      },
    )

  const newWorkoutTemplate = () =>
    newWorkout.mutate(
      { title: 'New workout', notes: null, exercises: [], isTemplate: true },
      { onSuccess: (workout) => void navigate(paths.open.workout.getHref(workout.id)) },
    )

  const groups = byGoal(templates.data ?? [])
  return (
    <section className="flex flex-col gap-6">
      <PageHeader
        title="Templates"
        description="Plans you reuse, by goal. A plan made from a template is its own copy."
      >
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" aria-pressed={showArchived} onClick={() => setShowArchived((v) => !v)}>
            {showArchived ? 'Show current' : 'Show archived'}
          </Button>
          <Button
            variant="outline"
            disabled={newWorkout.isPending || newWorkout.isSuccess}
            onClick={newWorkoutTemplate}
          >
            New workout template
          </Button>
          <Button asChild>
            <Link to={paths.coach.createPlan.getHref()}>Create plan</Link>
          </Button>
        </div>
      </PageHeader>
      {templates.isPending && <p className="text-muted-foreground">Loading…</p>}
      {templates.isError && <p role="alert">The templates could not be loaded. Try again.</p>}
      {templates.data?.length === 0 && workoutTemplates.data?.length === 0 && (
        <p className="text-muted-foreground">
          {showArchived
            ? 'No archived templates.'
            : 'No templates yet. Build a plan, then choose “Save as template” in the builder.'}
        </p>
      )}
      <div className="flex gap-4 overflow-x-auto pb-2">
        {groups.map(([goal, items]) => (
          <section
            key={goal}
            aria-label={goal}
            className="flex w-72 shrink-0 flex-col gap-3 rounded-xl bg-muted/40 p-3"
          >
            <h2 className="flex items-center justify-between text-sm font-semibold">
              {goal} <span className="text-xs font-normal text-muted-foreground">{items.length}</span>
            </h2>
            <ul className="flex flex-col gap-3">
              {items.map((t) => (
                <TemplateCard key={t.id} title={t.name} label={t.name} meta={builderText.shape(t.weeks, t.daysPerWeek)}>
                  <TemplateActions
                    archived={showArchived}
                    busy={busy === t.id}
                    editHref={paths.coach.program.getHref(t.id)}
                    onRestore={() => act(t.id, () => planCalls.restore(t.id), builderText.restored)}
                    onDuplicate={() =>
                      act(
                        t.id,
                        () =>
                          planCalls.copy(t.id, {
                            name: builderText.copyName(t.name, templates.data ?? []),
                            isTemplate: true,
                          }),
                        builderText.duplicated,
                      )
                    }
                    onArchive={() => act(t.id, () => planCalls.archive(t.id), builderText.archived)}
                  >
                    <Button size="sm" disabled={busy === t.id} onClick={() => startFromTemplate(t)}>
                      Use template
                    </Button>
                  </TemplateActions>
                </TemplateCard>
              ))}
            </ul>
          </section>
        ))}
        {(workoutTemplates.data?.length ?? 0) > 0 && (
          <section
            aria-label="Workout templates"
            className="flex w-72 shrink-0 flex-col gap-3 rounded-xl bg-muted/40 p-3"
          >
            <h2 className="flex items-center justify-between text-sm font-semibold">
              Workouts{' '}
              <span className="text-xs font-normal text-muted-foreground">{workoutTemplates.data?.length}</span>
            </h2>
            <ul className="flex flex-col gap-3">
              {workoutTemplates.data?.map((w) => (
                <TemplateCard
                  key={w.id}
                  title={w.title}
                  label={w.title}
                  meta={`${w.exerciseCount} exercise${w.exerciseCount === 1 ? '' : 's'} · shared with your clients`}
                >
                  <TemplateActions
                    archived={showArchived}
                    busy={busy === w.id}
                    editHref={paths.open.workout.getHref(w.id)}
                    onRestore={() => act(w.id, () => workoutCalls.restore(w.id), builderText.restored)}
                    onDuplicate={() =>
                      act(
                        w.id,
                        () => workoutCalls.copy(w.id, { title: `${w.title} (copy)`, isTemplate: true }),
                        builderText.duplicated,
                      )
                    }
                    onArchive={() => act(w.id, () => workoutCalls.archive(w.id), builderText.archived)}
                  />
                </TemplateCard>
              ))}
            </ul>
          </section>
        )}
      </div>
    </section>
  )
}
