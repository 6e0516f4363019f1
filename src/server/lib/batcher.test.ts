import { describe, expect, test } from 'vitest'
import { createBatcher } from './batcher.ts'

describe('createBatcher', () => {
  test('a lone item runs at once; items arriving while a batch runs go together in the next, in order', async () => {
    const batches: number[][] = []
    let release: () => void = () => {}
    const gate = new Promise<void>((resolve) => (release = resolve))
    const batcher = createBatcher(async (items: number[]) => {
      batches.push(items)
      if (batches.length === 1) await gate
      return items.map((n) => n * 10)
    })
    const first = batcher.add(1)
    const rest = [2, 3, 4].map((n) => batcher.add(n))
    expect(batches).toEqual([[1]])
    release()
    expect(await Promise.all([first, ...rest])).toEqual([10, 20, 30, 40])
    expect(batches).toEqual([[1], [2, 3, 4]])
  })

  test('when a batch fails, each item is tried alone, so only the bad one fails its caller', async () => {
    const batcher = createBatcher(async (items: number[]) => {
      if (items.includes(13)) throw new Error(`unlucky batch of ${items.length}`)
      return items
    })
    const blocker = batcher.add(0)
    const answers = Promise.allSettled([12, 13, 14].map((n) => batcher.add(n)))
    await blocker
    expect((await answers).map((a) => (a.status === 'fulfilled' ? a.value : (a.reason as Error).message))).toEqual([
      12,
      'unlucky batch of 1',
      14,
    ])
  })
})
