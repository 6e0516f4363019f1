import { useEffect } from 'react'
import { useRouteError } from 'react-router'
import { shellText } from '#shared/app-text.ts'
import { FullPageMessage } from '#client/components/feedback/full-page-message.tsx'
import { Button } from '#client/components/ui/button.tsx'

/** An unexpected crash anywhere below the root route: its texts are fixed (docs/product.md#routes-and-redirects). */
export function RouteError() {
  const error = useRouteError()
  useEffect(() => {
    console.error('Unexpected error', error)
  }, [error])
  return (
    <FullPageMessage title={shellText.crashTitle} role="alert">
      <p className="text-muted-foreground">{shellText.crashBody}</p>
      <Button onClick={() => window.location.reload()}>{shellText.reload}</Button>
    </FullPageMessage>
  )
}
