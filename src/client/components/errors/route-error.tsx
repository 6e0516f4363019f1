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

type Props = {
  children: ReactNode
  /** The history entry shown (its key): any navigation clears a crash. */ entry: string
}
type State = { error: unknown; entry: string; crashed: boolean }

/** Shows `RouteError` in place of the screens when rendering them throws, until the next navigation. */
export class RouteErrorBoundary extends Component<Props, State> {
  state: State = { error: null, entry: this.props.entry, crashed: false }

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, crashed: true }
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.entry === state.entry ? null : { error: null, entry: props.entry, crashed: false }
  }

  render() {
    return this.state.crashed ? <RouteError error={this.state.error} /> : this.props.children
  }
}
