import { useSyncExternalStore } from 'react'

/** Chromium's install prompt, held back until the app offers it at a good moment. */
type InstallPromptEvent = Event & {
  prompt: () => Promise<void>
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

let held: InstallPromptEvent | null = null
let installed = false
const listeners = new Set<() => void>()
const changed = () => listeners.forEach((listener) => listener())

/**
 * Keeps the browser's install prompt (Chrome, Edge, Samsung Internet) instead of letting it show
 * at once, on the landing page, to someone who has not trained yet: the app offers it after a
 * workout instead. Called once as the app starts, before the browser fires it.
 */
export function holdInstallPrompt(): void {
  // A drawn page held it before the app ran (public/prerendered.js).
  const early = (window as Window & { coachlineInstallPrompt?: InstallPromptEvent }).coachlineInstallPrompt
  if (early) held = early
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault()
    held = event as InstallPromptEvent
    changed()
  })
  window.addEventListener('appinstalled', () => {
    held = null
    installed = true
    changed()
  })
}

/** Opened from the home screen (or installed just now). */
function runsInstalled(): boolean {
  return (
    installed ||
    window.matchMedia('(display-mode: standalone)').matches ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  )
}

/** An iPhone or iPad, whose browsers have no install prompt: the person adds the app from the Share menu. */
const onIos = () =>
  /iPhone|iPad|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1)

/** How this browser installs the app: its own prompt, the steps on an iPhone, or not at all (installed, or no way). */
export type InstallWay = 'prompt' | 'ios-steps' | null

function wayNow(): InstallWay {
  if (runsInstalled()) return null
  if (held) return 'prompt'
  return onIos() ? 'ios-steps' : null
}

export function useInstallWay(): InstallWay {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    wayNow,
    () => null,
  )
}

/** Shows the browser's install prompt; answers whether the person installed the app. */
export async function promptInstall(): Promise<boolean> {
  const prompt = held
  if (!prompt) return false
  // A prompt shows once: the browser fires another when it may offer again.
  held = null
  await prompt.prompt()
  const { outcome } = await prompt.userChoice
  if (outcome === 'accepted') installed = true
  changed()
  return outcome === 'accepted'
}
