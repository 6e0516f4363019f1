import { useId, useRef, useState, type FormEvent } from 'react'
import { Download, Upload } from 'lucide-react'
import { apiPaths } from '#shared/api-paths.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Card, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx'
import { notify } from '#client/lib/notify.ts'
import { useRestoreExport } from '../api/restore-export.ts'
import { dataExportText } from '../data-export-text.ts'

/**
 * The account page's data card: the signed-in person's export as JSON and as CSV (plain links: the
 * browser saves the streamed download), and, for a client (a coach keeps no training history to
 * restore), a restore of a JSON export into this account.
 */
export function DataExportCard({ canRestore }: { canRestore: boolean }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{dataExportText.title}</CardTitle>
        <CardDescription>{dataExportText.description}</CardDescription>
      </CardHeader>
      <ul className="grid gap-3 sm:grid-cols-2">
        <li className="flex flex-col gap-1">
          <Button asChild variant="outline" className="self-start">
            <a href={apiPaths.dataExport.json()} download>
              <Download aria-hidden />
              {dataExportText.json}
            </a>
          </Button>
          <p className="text-sm text-muted-foreground">{dataExportText.jsonHint}</p>
        </li>
        <li className="flex flex-col gap-1">
          <Button asChild variant="outline" className="self-start">
            <a href={apiPaths.dataExport.csv()} download>
              <Download aria-hidden />
              {dataExportText.csv}
            </a>
          </Button>
          <p className="text-sm text-muted-foreground">{dataExportText.csvHint}</p>
        </li>
        <li className="flex flex-col gap-1">
          <Button asChild variant="outline" className="self-start">
            <a href={apiPaths.dataExport.photos()} download>
              <Download aria-hidden />
              {dataExportText.photos}
            </a>
          </Button>
          <p className="text-sm text-muted-foreground">{dataExportText.photosHint}</p>
        </li>
      </ul>
      {canRestore && <RestoreForm />}
    </Card>
  )
}

function RestoreForm() {
  const restore = useRestoreExport()
  const [file, setFile] = useState<File | null>(null)
  const input = useRef<HTMLInputElement>(null)
  const fileId = useId()
  const hintId = useId()

  function handleSubmit(event: FormEvent) {
    event.preventDefault()
    if (!file) return notify.error({ title: dataExportText.chooseFile })
    restore.mutate(file, {
      onSuccess: (result) => {
        notify.success(dataExportText.restored(result))
        setFile(null)
        if (input.current) input.current.value = ''
      },
    })
  }

  return (
    <form onSubmit={handleSubmit} className="flex flex-col gap-3 border-t pt-4">
      <div className="flex flex-col gap-1">
        <h3 className="text-base font-semibold">{dataExportText.restoreTitle}</h3>
        <p id={hintId} className="text-sm text-muted-foreground">
          {dataExportText.restoreDescription}
        </p>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={fileId} className="text-sm font-medium">
          {dataExportText.fileLabel}
        </label>
        <input
          ref={input}
          id={fileId}
          type="file"
          accept="application/json,.json"
          aria-describedby={hintId}
          className="w-full max-w-full text-sm file:mr-3 file:rounded-md file:border file:bg-background file:px-3 file:py-2 file:text-sm file:font-medium"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
      </div>
      <Button type="submit" variant="secondary" className="self-start" disabled={restore.isPending}>
        <Upload aria-hidden />
        {restore.isPending ? dataExportText.restoring : dataExportText.restore}
      </Button>
    </form>
  )
}
