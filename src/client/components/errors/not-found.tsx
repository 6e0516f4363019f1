import { Link } from 'react-router'
import { shellText } from '#shared/app-text.ts'
import { paths } from '#shared/paths.ts'
import { FullPageMessage } from '#client/components/feedback/full-page-message.tsx'
import { Button } from '#client/components/ui/button.tsx'

export function NotFound() {
  return (
    <FullPageMessage title={shellText.notFoundTitle} inShell>
      <p className="text-5xl font-bold text-muted-foreground" aria-hidden>
        404
      </p>
      <p className="text-muted-foreground">{shellText.notFoundBody}</p>
      <Button asChild>
        <Link to={paths.root.getHref()}>{shellText.notFoundLink}</Link>
      </Button>
    </FullPageMessage>
  )
}
