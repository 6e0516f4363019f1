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

test('an error carrying a huge input is logged cut to a bounded line, its start kept', async () => {
  const out = new PassThrough()
  const lines: string[] = []
  out.setEncoding('utf8').on('data', (chunk: string) => lines.push(...chunk.split('\n').filter(Boolean)))
  const logger = createLogger('info', stdoutDestination(out))
  // As a failed query of a driver reports itself: its text, then every parameter.
  const params = Array.from({ length: 70_000 }, (_, i) => `name ${i}`)
  const error = Object.assign(new Error(`Failed query: select ${'$1, '.repeat(70_000)}\nparams: ${params.join(',')}`), {
    query: 'select '.repeat(100_000),
    params,
  })
  logger.error({ err: error, cause: error }, 'unhandled error')
  await new Promise((resolve) => setImmediate(resolve))
  expect(lines).toHaveLength(1)
  const line = lines[0] ?? ''
  expect(line.length).toBeLessThan(30_000)
  const logged = JSON.parse(line) as { err: { message: string; params: string[]; stack: string }; msg: string }
  expect(logged.msg).toBe('unhandled error')
  expect(logged.err.message).toMatch(/^Failed query: select \$1, /)
  // The stack's frames, at its end, are kept.
  expect(logged.err.stack).toMatch(/characters left out/)
  expect(logged.err.stack).toMatch(/at .*logger\.test\.ts/)
  expect(logged.err.params).toHaveLength(21)
  expect(logged.err.params.at(-1)).toBe('… (69980 more items)')
})
