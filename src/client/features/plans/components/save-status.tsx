import { AlertTriangle, Check, CloudOff, Loader2 } from 'lucide-react'
import { Button } from '#client/components/ui/button.tsx'
import { builderText } from '../builder-text.ts'
import type { SaveState } from '../api/use-save-queue.ts'

/** The builder's one save indicator: saved, saving, waiting, or what stopped the save. */
export function SaveStatus({ state }: { state: SaveState }) {
  const text = builderText.saveState[state]
  const icon =
    state === 'saving' ? (
      <Loader2 className="size-4 animate-spin" aria-hidden />
    ) : state === 'saved' ? (
      <Check className="size-4" aria-hidden />
    ) : state === 'failed' ? (
      <CloudOff className="size-4" aria-hidden />
    ) : state === 'pending' ? null : (
      <AlertTriangle className="size-4" aria-hidden />
    )
  return (
    <p
      role="status"
      aria-live="polite"
      className={
        state === 'invalid' || state === 'failed' || state === 'conflict'
          ? 'flex items-center gap-1.5 text-sm text-destructive'
          : 'flex items-center gap-1.5 text-sm text-muted-foreground'
      }
    >
      {icon}
      {text}
    </p>
  )
}

/** Shown when another tab saved first: nothing is overwritten until the user reloads. */
export function ConflictBanner({ onReload }: { onReload: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm"
    >
      <span>{builderText.saveState.conflict} Your last change was not saved.</span>
      <Button size="sm" onClick={onReload}>
        {builderText.reload}
      </Button>
    </div>
  )
}
