import { Link } from 'react-router'
import { cn } from '#client/lib/cn.ts'

export function Brand({ to, className }: { to: string; className?: string }) {
  return (
    <Link to={to} className={cn('flex items-center gap-2 text-lg font-semibold tracking-tight', className)}>
      <img src="/favicon.svg" alt="" className="size-7" />
      Coachline
    </Link>
  )
}
