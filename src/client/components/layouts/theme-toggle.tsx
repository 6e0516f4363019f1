import { Moon, Sun } from 'lucide-react'
import { useSyncExternalStore } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { currentTheme, saveTheme, subscribeTheme } from '#client/lib/theme.ts'

export function ThemeToggle({ variant = 'ghost' }: { variant?: 'ghost' | 'sidebar' }) {
  // A page drawn on the server shows the light theme's button until the browser's choice is read.
  const theme = useSyncExternalStore(subscribeTheme, currentTheme, () => 'light' as const)
  const next = theme === 'dark' ? 'light' : 'dark'
  return (
    <Button
      variant={variant}
      size="icon"
      aria-label={`Switch to ${next} theme`}
      onClick={() => {
        saveTheme(next)
      }}
    >
      {theme === 'dark' ? <Sun /> : <Moon />}
    </Button>
  )
}
