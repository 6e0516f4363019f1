import { clsx, type ClassValue } from 'clsx'

/**
 * Joins class names. There is no tailwind-merge (it cost 8.6 KB gzip of the /auth budget,
 * docs/decisions/001): a component's conflicting looks are its variants (cva), and a caller's
 * className only adds utilities the component does not set (layout: self-*, w-*, m-*).
 */
export function cn(...inputs: ClassValue[]) {
  return clsx(inputs)
}
