import * as z from 'zod/mini'
import { describe, expect, test } from 'vitest'
import { lazySchema } from './lazy-schema.ts'

describe('a lazy schema', () => {
  test('is built on its first use, once', () => {
    let builds = 0
    const Point = lazySchema(() => {
      builds += 1
      return z.object({ x: z.number(), y: z.number() })
    })
    expect(builds).toBe(0)
    expect(Point.parse({ x: 1, y: 2 })).toEqual({ x: 1, y: 2 })
    expect(Point.safeParse({ x: 'one', y: 2 }).success).toBe(false)
    expect(builds).toBe(1)
  })

  test('stands in for the schema inside others, spread by its shape, and checked further', () => {
    const Point = lazySchema(() => z.object({ x: z.number(), y: z.number() }))
    const Line = lazySchema(() => z.object({ from: Point, to: Point }))
    const Labelled = lazySchema(() => z.object({ ...Point.shape, label: z.string() }))
    const Points = lazySchema(() => z.array(Point).check(z.maxLength(2)))
    expect(Line.parse({ from: { x: 0, y: 0 }, to: { x: 1, y: 1 } })).toEqual({
      from: { x: 0, y: 0 },
      to: { x: 1, y: 1 },
    })
    expect(Line.safeParse({ from: { x: 0 }, to: { x: 1, y: 1 } }).error?.issues[0]?.path).toEqual(['from', 'y'])
    expect(Labelled.parse({ x: 1, y: 2, label: 'A' })).toEqual({ x: 1, y: 2, label: 'A' })
    expect(
      Points.safeParse([
        { x: 0, y: 0 },
        { x: 1, y: 1 },
        { x: 2, y: 2 },
      ]).success,
    ).toBe(false)
    expect(Point instanceof z.ZodMiniObject).toBe(true)
  })

  test('describes itself as the schema it stands for', () => {
    const eager = z.object({ id: z.uuid(), tags: z.array(z.enum(['a', 'b'])) })
    const lazy = lazySchema(() => z.object({ id: z.uuid(), tags: z.array(z.enum(['a', 'b'])) }))
    expect(z.toJSONSchema(lazy)).toEqual(z.toJSONSchema(eager))
    expect(z.toJSONSchema(z.object({ item: lazy }))).toEqual(z.toJSONSchema(z.object({ item: eager })))
  })
})
