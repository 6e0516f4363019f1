// npm run dev: the API with reload on change (tsx watch) on API_PORT, and Vite's dev server
// with hot reload on 5173 proxying /api to it. Open http://localhost:5173.
import { spawn } from 'node:child_process'

const apiPort = process.env.API_PORT ?? '3001'
const env = {
  ...process.env,
  NODE_ENV: 'development',
  PORT: apiPort,
  API_PORT: apiPort,
  PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173',
}

const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/index.ts'], { stdio: 'inherit', env }),
  spawn('npx', ['vite'], { stdio: 'inherit', env }),
]

const stop = () => {
  for (const child of children) child.kill('SIGTERM')
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
for (const child of children) {
  child.on('exit', (code) => {
    stop()
    process.exitCode = code ?? 0
  })
}
