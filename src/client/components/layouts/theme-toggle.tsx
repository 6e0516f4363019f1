import { Moon, Sun } from 'lucide-react'
import { useSyncExternalStore } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { currentTheme, saveTheme, subscribeTheme } from '#client/lib/theme.ts'

export function ThemeToggle({ variant = 'ghost' }: { variant?: 'ghost' | 'sidebar' }) {
  const theme = useSyncExternalStore(subscribeTheme, currentTheme)
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
