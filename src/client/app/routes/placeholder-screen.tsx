import { useMatches } from 'react-router'
import { Card, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx'
import type { RouteHandle } from '../route-handle.ts'

/** A screen whose content a later issue builds: its name and purpose, nothing fake. */
export function PlaceholderScreen() {
  const matches = useMatches()
  const handle = matches.at(-1)?.handle as RouteHandle | undefined
  return (
    <section aria-labelledby="screen-title" className="flex flex-col gap-6">
      <h1 id="screen-title" className="text-2xl font-semibold tracking-tight">
        {handle?.title ?? 'Coachline'}
      </h1>
      <Card className="border-dashed">
        <CardHeader>
          <CardTitle>This screen is being built</CardTitle>
          <CardDescription>{handle?.placeholder}</CardDescription>
        </CardHeader>
      </Card>
    </section>
  )
}
