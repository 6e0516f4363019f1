import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router'
import { AppProvider } from '#client/app/provider.tsx'
import { createRouter } from '#client/app/router.tsx'
import { applyTheme } from '#client/lib/theme.ts'
import './styles.css'

applyTheme()
// The locale data every date on the screens needs, loaded off the main thread (see the worker).
try {
  new Worker(new URL('./lib/intl-warmup.worker.ts', import.meta.url), { type: 'module', name: 'intl-warmup' })
} catch {
  // A browser without module workers formats its first date a little later, nothing more.
}

const root = document.getElementById('root')
if (!root) throw new Error('#root is missing from index.html')

// Web Vitals for /debug/perf-sessions, measured without weighing on the first screen.
window.addEventListener('load', () => setTimeout(() => void import('#client/lib/web-vitals.ts').then((m) => m.startWebVitals()), 0), { once: true })

startTransition(() =>
  createRoot(root).render(
    <StrictMode>
      <AppProvider>
        <RouterProvider router={createRouter()} />
      </AppProvider>
    </StrictMode>,
  ),
)
