import type { ReactNode } from 'react'
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
