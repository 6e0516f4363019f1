// npm start: build if needed, then serve the app and the API on one port (README).
import { ensureBuild } from './ensure-build.mjs'

ensureBuild()
await import('../dist/server/index.js')
