import { Download } from 'lucide-react'
import { apiPaths } from '#shared/api-paths.ts'
import { Button } from '#client/components/ui/button.tsx'
import { SpokenLabel } from '#client/components/ui/spoken-label.tsx'
import { dataExportText } from '../data-export-text.ts'

/** A coach's downloads of one active client's data, for a row of the roster. */
export function ClientExportLinks({ clientId, name }: { clientId: string; name: string }) {
  return (
    <>
      <Button asChild size="sm" variant="outline">
        <a href={apiPaths.dataExport.json(clientId)} download>
          <Download aria-hidden />
          <SpokenLabel spoken={dataExportText.clientExport('JSON', name)}>{dataExportText.clientJson}</SpokenLabel>
        </a>
      </Button>
      <Button asChild size="sm" variant="outline">
        <a href={apiPaths.dataExport.csv(clientId)} download>
          <Download aria-hidden />
          <SpokenLabel spoken={dataExportText.clientExport('CSV', name)}>{dataExportText.clientCsv}</SpokenLabel>
        </a>
      </Button>
    </>
  )
}
