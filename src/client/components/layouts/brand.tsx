import { Link } from 'react-router'
import { cn } from '#client/lib/cn.ts'
import { LOGO_MARK } from './logo-mark.ts'

/**
 * The logo, drawn inline like the icons. As an `<img>` of an SVG file, every page paid for an SVG
 * document of its own on the main thread (tens of milliseconds in Chromium) before it showed.
 */
function Logo() {
  return (
    <svg viewBox={LOGO_MARK.viewBox} aria-hidden="true" focusable="false" className="size-7 shrink-0">
      <rect {...LOGO_MARK.tile} />
      <path {...LOGO_MARK.barbell} />
    </svg>
  )
}

export function Brand({ to, className }: { to: string; className?: string }) {
  return (
    <Link to={to} className={cn('flex items-center gap-2 text-lg font-semibold tracking-tight', className)}>
      <Logo />
      Coachline
    </Link>
  )
}
