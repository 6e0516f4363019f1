import { Download } from 'lucide-react'
import { apiPaths } from '#shared/api-paths.ts'
import { Button } from '#client/components/ui/button.tsx'
import { SpokenLabel } from '#client/components/ui/spoken-label.tsx'
import { dataExportText } from '../data-export-text.ts'

/** A coach's downloads of one active client's data, for a row of the roster (and their photos, on their page). */
export function ClientExportLinks({
  clientId,
  name,
  photos = false,
}: {
  clientId: string
  name: string
  photos?: boolean
}) {
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
      {photos && (
        <Button asChild size="sm" variant="outline">
          <a href={apiPaths.dataExport.photos(clientId)} download>
            <Download aria-hidden />
            <SpokenLabel spoken={dataExportText.clientPhotoExport(name)}>{dataExportText.clientPhotos}</SpokenLabel>
          </a>
        </Button>
      )}
    </>
  )
}
