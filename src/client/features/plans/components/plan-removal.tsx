import { useNavigate } from 'react-router'
import { paths } from '#shared/paths.ts'
import type { PlanSummary } from '#shared/schemas/plans.ts'
import { Button } from '#client/components/ui/button.tsx'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from '#client/components/ui/dialog.tsx'
import { notify } from '#client/lib/notify.ts'
import { usePlanRemoval } from '../api/plan-mutations.ts'
import { builderText } from '../builder-text.ts'

/** The end of a plan's life, at the foot of the builder: archive it (kept, out of the way) or delete it for good. */
export function PlanRemoval({ plan }: { plan: PlanSummary }) {
  const navigate = useNavigate()
  const removal = usePlanRemoval()
  // After success the screen leaves: the buttons stay off meanwhile.
  const busy = removal.isPending || removal.isSuccess
  const doneTitle = { archive: builderText.archived, restore: builderText.restored }
  const run = (action: 'archive' | 'restore' | 'remove') =>
    removal.mutate(
      { planId: plan.id, action },
      {
        onSuccess: (outcome) => {
          // A plan with logged sessions or sent invites is archived instead of deleted: history keeps its plan.
          const title =
            action === 'remove'
              ? outcome === 'archived'
                ? 'Plan archived: sessions or invites refer to it'
                : 'Plan deleted'
              : doneTitle[action]
          notify.success({ title, description: plan.name })
          void navigate(paths.open.programs.getHref())
        },
      },
    )

  return (
    <div className="flex flex-wrap items-center gap-2 border-t pt-4">
      {plan.status === 'archived' ? (
        <Button variant="outline" disabled={busy} onClick={() => run('restore')}>
          Restore plan
        </Button>
      ) : (
        <Button variant="outline" disabled={busy} onClick={() => run('archive')}>
          Archive plan
        </Button>
      )}
      <Dialog>
        <DialogTrigger asChild>
          <Button variant="ghost" className="text-destructive" disabled={busy}>
            Delete plan
          </Button>
        </DialogTrigger>
        <DialogContent>
          <DialogTitle>Delete “{plan.name}”?</DialogTitle>
          <DialogDescription>
            {plan.clientId ? 'Your client loses this plan. ' : ''}Its weeks, days and exercises are deleted for good.
            Archive it instead to keep it out of the way.
          </DialogDescription>
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button variant="destructive" disabled={busy} onClick={() => run('remove')}>
              Delete for good
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </div>
  )
}
