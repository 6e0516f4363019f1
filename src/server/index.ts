import { DataDirInUseError } from './db/data-dir-lock.ts'
import { parseEnv } from './env.ts'
import { start } from './server.ts'

/** Reasons not to start that the operator can act on: one line on stderr, no stack trace. */
function isOperatorError(error: unknown): error is Error {
  return error instanceof DataDirInUseError || (error instanceof Error && (error as NodeJS.ErrnoException).code === 'EADDRINUSE')
}

const server = await start(parseEnv()).catch((error: unknown) => {
  if (!isOperatorError(error)) throw error
  console.error(error.message)
  process.exit(1)
})

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    server.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error)
        process.exit(1)
      },
    )
  })
}
