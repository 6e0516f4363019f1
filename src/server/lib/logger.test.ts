import { PassThrough } from 'node:stream'
import { expect, test } from 'vitest'
import { createLogger, stdoutDestination } from './logger.ts'

test('lines a reader does not take are dropped past the limit, counted, and reported once it catches up', async () => {
  // A stream nobody reads: everything written stays pending in it.
  const out = new PassThrough({ highWaterMark: 16 })
  const logger = createLogger('info', stdoutDestination(out, 1000))
  for (let i = 0; i < 100; i++) logger.info({ i }, 'a request')
  expect(out.writableLength).toBeLessThan(1000 + 200)

  const lines: string[] = []
  out.setEncoding('utf8').on('data', (chunk: string) => lines.push(...chunk.split('\n').filter(Boolean)))
  await new Promise((resolve) => setImmediate(resolve))
  const kept = lines.length
  expect(kept).toBeGreaterThan(0)
  expect(kept).toBeLessThan(100)

  logger.info('after the stall')
  await new Promise((resolve) => setImmediate(resolve))
  const [report, next] = lines.slice(kept).map((line) => JSON.parse(line) as { msg: string; dropped?: number })
  expect(report).toMatchObject({ msg: expect.stringMatching(/dropped/), dropped: 100 - kept })
  expect(next).toMatchObject({ msg: 'after the stall' })
})

test('a stream whose reader has gone (write errors) neither throws nor crashes the logger', async () => {
  const out = new PassThrough()
  const logger = createLogger('info', stdoutDestination(out))
  out.destroy(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }))
  await new Promise((resolve) => setImmediate(resolve))
  expect(() => logger.info('into the void')).not.toThrow()
})
