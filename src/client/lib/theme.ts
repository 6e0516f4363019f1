export type Theme = 'light' | 'dark'

const STORAGE_KEY = 'coachline-theme'
const listeners = new Set<() => void>()

/** The chosen theme, else the system's. */
export function currentTheme(): Theme {
  const stored = localStorage.getItem(STORAGE_KEY)
  if (stored === 'light' || stored === 'dark') return stored
  return window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'
}

export function applyTheme(theme: Theme = currentTheme()): void {
  document.documentElement.classList.toggle('dark', theme === 'dark')
}

export function saveTheme(theme: Theme): void {
  localStorage.setItem(STORAGE_KEY, theme)
  applyTheme(theme)
  for (const listener of listeners) listener()
}

/** For useSyncExternalStore: every toggle on the page shows the same theme. */
export function subscribeTheme(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
