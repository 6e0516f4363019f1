import { Component, useEffect, type ReactNode } from 'react'
import { shellText } from '#shared/app-text.ts'
import { FullPageMessage } from '#client/components/feedback/full-page-message.tsx'
import { Button } from '#client/components/ui/button.tsx'

/** An unexpected crash anywhere below the root route: its texts are fixed (docs/product.md#routes-and-redirects). */
function RouteError({ error }: { error: unknown }) {
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

type Props = { children: ReactNode; /** The address shown: going elsewhere clears a crash. */ pathname: string }
type State = { error: unknown; pathname: string; crashed: boolean }

/** Shows `RouteError` in place of the screens when rendering them throws, until the address changes. */
export class RouteErrorBoundary extends Component<Props, State> {
  state: State = { error: null, pathname: this.props.pathname, crashed: false }

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, crashed: true }
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.pathname === state.pathname ? null : { error: null, pathname: props.pathname, crashed: false }
  }

  render() {
    return this.state.crashed ? <RouteError error={this.state.error} /> : this.props.children
  }
}
