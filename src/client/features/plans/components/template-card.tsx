import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Button } from '#client/components/ui/button.tsx'
import { Card } from '#client/components/ui/card.tsx'

type Props = { title: string; meta: string; label: string; children: ReactNode }

/** One template on the board: what it is, and what can be done with it. */
export function TemplateCard({ title, meta, label, children }: Props) {
  return (
    <li aria-label={label}>
      <Card className="h-full">
        <div>
          <h3 className="font-semibold">{title}</h3>
          <p className="text-sm text-muted-foreground">{meta}</p>
        </div>
        <div className="mt-auto flex flex-wrap gap-2">{children}</div>
      </Card>
    </li>
  )
}

type ActionsProps = {
  /** The board shows archived templates: the only action is to restore. */
  archived: boolean
  busy: boolean
  editHref: string
  onRestore: () => void
  onDuplicate: () => void
  onArchive: () => void
  /** Actions of this kind of template first (a plan template's 'Use template'). */
  children?: ReactNode
}

/** A template's actions on the board: restore when archived; else its own, edit, duplicate and archive. */
export function TemplateActions({
  archived,
  busy,
  editHref,
  onRestore,
  onDuplicate,
  onArchive,
  children,
}: ActionsProps) {
  if (archived) {
    return (
      <Button size="sm" variant="outline" disabled={busy} onClick={onRestore}>
        Restore
      </Button>
    )
  }
  return (
    <>
      {children}
      <Button size="sm" variant="outline" asChild>
        <Link to={editHref}>Edit</Link>
      </Button>
      <Button size="sm" variant="outline" disabled={busy} onClick={onDuplicate}>
        Duplicate
      </Button>
      <Button size="sm" variant="ghost" disabled={busy} onClick={onArchive}>
        Archive
      </Button>
    </>
  )
}
