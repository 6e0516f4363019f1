import { Link } from 'react-router'
import { cn } from '#client/lib/cn.ts'

/**
 * The logo, drawn inline like the icons. As an `<img>` of the SVG file, every page paid for an
 * SVG document of its own on the main thread (tens of milliseconds in Chromium) before it showed.
 * The shapes are the favicon's (public/favicon.svg).
 */
function Logo() {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" focusable="false" className="size-7 shrink-0">
      <rect width="64" height="64" rx="14" fill="#0f172a" />
      <path d="M14 27h6v10h-6zM44 27h6v10h-6zM20 23h5v18h-5zM39 23h5v18h-5zM25 30h14v4H25z" fill="#38bdf8" />
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
