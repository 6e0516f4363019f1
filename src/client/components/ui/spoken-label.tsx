import type { ReactNode } from 'react'

/**
 * What the eye sees, and a fuller text for assistive technology, as the content of a link or
 * button: 'Message' and a badge '2' read 'Message Maya, 2 unread'. Unlike an aria-label, the
 * spoken text stays part of the content, so a control's name begins with the words one sees
 * (voice control users say what they see).
 */
export function SpokenLabel({
  spoken,
  className,
  children,
}: {
  spoken: string
  className?: string
  children: ReactNode
}) {
  return (
    <>
      <span aria-hidden className={className}>
        {children}
      </span>
      <span className="sr-only">{spoken}</span>
    </>
  )
}
