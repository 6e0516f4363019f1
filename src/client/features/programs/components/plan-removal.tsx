import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { paths } from '#shared/paths.ts'
import type { PlanSummary } from '#shared/schemas/programs.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '#client/components/ui/dialog.tsx'
import { notify } from '#client/lib/notify.ts'
import { describeError } from '#client/lib/query-client.ts'
import { planCalls } from '../api/plan-calls.ts'
import { planQueries } from '../api/plan-queries.ts'
import { builderMessages } from '../builder-messages.ts'

/** The end of a plan's life, at the foot of the builder: archive it (kept, out of the way) or delete it for good. */
export function PlanRemoval({ plan }: { plan: PlanSummary }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [busy, setBusy] = useState(false)

  async function run<T>(work: () => Promise<T>, title: string | ((outcome: T) => string)) {
    setBusy(true)
    try {
      const outcome = await work()
      await queryClient.invalidateQueries({ queryKey: planQueries.all() })
      notify.success({ title: typeof title === 'function' ? title(outcome) : title, description: plan.name })
      await navigate(paths.open.programs.getHref())
    } catch (error) {
      notify.error({ title: 'That did not work', description: describeError(error) })
      setBusy(false)
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-2 border-t pt-4">
      {plan.status === 'archived' ? (
        <Button variant="outline" disabled={busy} onClick={() => void run(() => planCalls.restore(plan.id), builderMessages.restored)}>
          Restore plan
        </Button>
      ) : (
        <Button variant="outline" disabled={busy} onClick={() => void run(() => planCalls.archive(plan.id), builderMessages.archived)}>
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
            {plan.clientId ? 'Your client loses this plan. ' : ''}Its weeks, days and exercises are deleted for good. Archive it instead to keep it out of the way.
          </DialogDescription>
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button
              variant="destructive"
              disabled={busy}
              onClick={() =>
                void run(async () => {
                  const result = await planCalls.remove(plan.id)
                  // A plan with logged sessions or sent invites is archived instead of deleted: history keeps its plan.
                  return result && typeof result === 'object' && 'archived' in result ? 'archived' : 'deleted'
                }, (outcome) => (outcome === 'archived' ? 'Plan archived: sessions or invites refer to it' : 'Plan deleted'))
              }
            >
              Delete for good
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </div>
  )
}
