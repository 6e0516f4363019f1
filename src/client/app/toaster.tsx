import { useEffect } from 'react'
import { Toaster as SonnerToaster } from 'sonner'
import { markToasterMounted } from '#client/lib/notify.ts'

/** Toasts close after 4 seconds, at most 3 at once (docs/product.md#client-data-and-toasts). */
const TOAST_DURATION_MS = 4000
const MAX_VISIBLE_TOASTS = 3

/** The toasts' place on the page; loaded lazily by the provider, and `notify` waits for it. */
export default function Toaster() {
  useEffect(markToasterMounted, [])
  return (
    <SonnerToaster
      duration={TOAST_DURATION_MS}
      visibleToasts={MAX_VISIBLE_TOASTS}
      position="top-center"
      richColors
      closeButton
    />
  )
}
