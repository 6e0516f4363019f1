import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router'
import { registerSW } from 'virtual:pwa-register'
import { AppProvider } from './app/provider.tsx'
import { createRouter } from './app/router.tsx'
import { applyTheme } from './lib/theme.ts'
import './styles.css'

applyTheme()

// The service worker precaches the app shell so Coachline opens with no signal (SPEC.md section 1).
registerSW({ immediate: true })

const root = document.getElementById('root')
if (!root) throw new Error('#root is missing from index.html')

createRoot(root).render(
  <StrictMode>
    <AppProvider>
      <RouterProvider router={createRouter()} />
    </AppProvider>
  </StrictMode>,
)
