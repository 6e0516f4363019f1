import { useEffect } from 'react'

/**
 * Shows `count` on the app's icon where the device shows one (the Badging API: an installed app
 * on Chrome, Edge and Safari), and clears it at 0 and on leaving (signing out). A push sets it too,
 * while the app is closed (public/push-handler.js).
 */
export function useAppBadge(count: number): void {
  useEffect(() => {
    if (!('setAppBadge' in navigator)) return
    const shown = count > 0 ? navigator.setAppBadge(count) : navigator.clearAppBadge()
    shown.catch(() => {})
  }, [count])
  useEffect(
    () => () => {
      if ('clearAppBadge' in navigator) navigator.clearAppBadge().catch(() => {})
    },
    [],
  )
}
