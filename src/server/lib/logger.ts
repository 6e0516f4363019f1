import { pino, type Logger } from 'pino'

export type { Logger }

export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'coachline' },
    redact: { paths: ['req.headers.cookie', 'req.headers.authorization'], remove: true },
  })
}
