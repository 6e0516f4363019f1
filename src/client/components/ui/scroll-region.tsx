import type * as React from 'react'
import { cn } from '#client/lib/cn.ts'

/**
 * A box that scrolls sideways (a wide table on a phone): a named region that keyboard users can
 * focus, then scroll with the arrow keys, when nothing inside it takes focus.
 */
function ScrollRegion({
  label,
  className,
  ...props
}: Omit<React.ComponentProps<'div'>, 'aria-label' | 'role' | 'tabIndex'> & { label: string }) {
  return (
    <div
      role="region"
      aria-label={label}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling box must take focus to scroll from the keyboard (WCAG 2.1.1)
      tabIndex={0}
      className={cn(
        'overflow-x-auto rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
        className,
      )}
      {...props}
    />
  )
}

export { ScrollRegion }
