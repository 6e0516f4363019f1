import { ExternalLink } from 'lucide-react'
import { movementApiText, type Movement } from '#shared/schemas/movements.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '#client/components/ui/dialog.tsx'
import { notify } from '#client/lib/notify.ts'
import { useCopyMovement, useSetMovementArchived } from '../api/movement-mutations.ts'

type Props = {
  movement: Movement | null
  onClose: () => void
  onEdit: (movement: Movement) => void
  onShow: (movement: Movement) => void
}

/** A movement's detail drawer: instructions, muscles, the link; edit/archive for own, copy for built-ins. */
export function MovementDetail({ movement, onClose, onEdit, onShow }: Props) {
  const archive = useSetMovementArchived()
  const copy = useCopyMovement()
  return (
    <Dialog open={movement !== null} onOpenChange={(open) => !open && onClose()}>
      {movement && (
        <DialogContent className="max-h-[85dvh] overflow-y-auto sm:max-w-lg">
          <DialogTitle>{movement.name}</DialogTitle>
          <DialogDescription>
            <span className="capitalize">{movement.pattern}</span> · {movement.equipment.join(', ')}
            {movement.unilateral ? ' · one side at a time' : ''}
            {movement.ownerId ? ' · your movement' : ' · built-in'}
            {movement.archived ? ' · archived' : ''}
          </DialogDescription>
          {movement.aliases.length > 0 && <p className="text-sm">Also called: {movement.aliases.join(', ')}</p>}
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted-foreground">Primary</dt>
            <dd>{movement.primaryMuscles.join(', ')}</dd>
            {movement.secondaryMuscles.length > 0 && (
              <>
                <dt className="text-muted-foreground">Secondary</dt>
                <dd>{movement.secondaryMuscles.join(', ')}</dd>
              </>
            )}
          </dl>
          {movement.instructions && (
            <section aria-label="Instructions">
              <h3 className="mb-1 text-sm font-medium">Coaching cues</h3>
              <ul className="list-disc space-y-1 pl-5 text-sm">
                {movement.instructions
                  .split('\n')
                  .filter(Boolean)
                  .map((line, index) => (
                    <li key={index}>{line}</li>
                  ))}
              </ul>
            </section>
          )}
          {movement.videoUrl && (
            <a
              href={movement.videoUrl}
              target="_blank"
              rel="noopener noreferrer nofollow"
              className="inline-flex items-center gap-1 text-sm text-primary underline"
            >
              Watch the video <ExternalLink className="size-3.5" aria-hidden />
            </a>
          )}
          <div className="flex flex-wrap justify-end gap-2">
            {movement.ownerId ? (
              <>
                <Button
                  variant="outline"
                  disabled={archive.isPending}
                  onClick={() =>
                    archive.mutate(
                      { id: movement.id, archived: !movement.archived },
                      {
                        onSuccess: (saved) => {
                          notify.success({
                            title: saved.archived ? movementApiText.archived : movementApiText.restored,
                          })
                          onClose()
                        },
                      },
                    )
                  }
                >
                  {movement.archived ? 'Restore' : 'Archive'}
                </Button>
                <Button onClick={() => onEdit(movement)}>Edit</Button>
              </>
            ) : (
              <Button
                disabled={copy.isPending}
                onClick={() =>
                  copy.mutate(movement.id, {
                    onSuccess: (saved) => {
                      notify.success({ title: movementApiText.copied })
                      onShow(saved)
                    },
                  })
                }
              >
                Copy to my movements
              </Button>
            )}
          </div>
        </DialogContent>
      )}
    </Dialog>
  )
}
