import { expect, test } from 'vitest'
import { EQUIPMENT, PATTERNS } from '#shared/schemas/movements.ts'
import { BUILTIN_MOVEMENTS, STAPLE_SLUGS } from './builtin-movements.ts'

const byName = (name: string) => BUILTIN_MOVEMENTS.find((m) => m.name === name)

test('a new coach finds a full library of at least 150 movements', () => {
  expect(BUILTIN_MOVEMENTS.length).toBeGreaterThanOrEqual(150)
})

test('every movement has its own stable kebab-case slug, so re-seeding never duplicates one', () => {
  const slugs = BUILTIN_MOVEMENTS.map((m) => m.slug)
  for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
  expect(new Set(slugs).size).toBe(slugs.length)
})

test('no two movements share a name, whatever the capitalisation', () => {
  const names = BUILTIN_MOVEMENTS.map((m) => m.name.toLowerCase())
  const repeated = names.filter((name, i) => names.indexOf(name) !== i)
  expect(repeated).toEqual([])
})

test('searching an alias never lands on a different movement, and no alias is listed twice', () => {
  const names = new Set(BUILTIN_MOVEMENTS.map((m) => m.name.toLowerCase()))
  for (const movement of BUILTIN_MOVEMENTS) {
    const aliases = movement.aliases.map((a) => a.toLowerCase())
    expect(new Set(aliases).size, movement.slug).toBe(aliases.length)
    for (const alias of aliases) {
      expect(alias.trim(), movement.slug).not.toBe('')
      expect(names.has(alias), `${movement.slug}: alias "${alias}" is another movement's name`).toBe(false)
    }
  }
})

test('every pattern coaches program has at least six movements', () => {
  for (const pattern of PATTERNS.filter((p) => p !== 'other')) {
    const count = BUILTIN_MOVEMENTS.filter((m) => m.pattern === pattern).length
    expect(count, pattern).toBeGreaterThanOrEqual(6)
  }
})

test('every piece of equipment a gym may have turns up in at least two movements', () => {
  for (const equipment of EQUIPMENT) {
    const count = BUILTIN_MOVEMENTS.filter((m) => m.equipment.includes(equipment)).length
    expect(count, equipment).toBeGreaterThanOrEqual(2)
  }
})

test('every movement shows two or three short coaching cues', () => {
  for (const movement of BUILTIN_MOVEMENTS) {
    const lines = movement.instructions.split('\n')
    expect(lines.length, movement.slug).toBeGreaterThanOrEqual(2)
    expect(lines.length, movement.slug).toBeLessThanOrEqual(3)
    for (const line of lines) expect(line.trim(), movement.slug).not.toBe('')
    expect(movement.instructions.length, movement.slug).toBeLessThan(400)
  }
})

test('every movement says which muscles it works and what it needs', () => {
  for (const movement of BUILTIN_MOVEMENTS) {
    expect(movement.primaryMuscles.length, movement.slug).toBeGreaterThan(0)
    expect(movement.equipment.length, movement.slug).toBeGreaterThan(0)
  }
})

test('every staple a search lists first is in the library', () => {
  for (const slug of STAPLE_SLUGS)
    expect(
      BUILTIN_MOVEMENTS.some((m) => m.slug === slug),
      slug,
    ).toBe(true)
})

test('the staples read as lifters expect', () => {
  expect(byName('Romanian deadlift')).toMatchObject({ pattern: 'hinge', tracking: 'weight_reps', unilateral: false })
  expect(byName('Romanian deadlift')?.aliases).toContain('RDL')
  expect(byName('Overhead press')?.aliases).toContain('OHP')
  expect(byName('Bulgarian split squat')).toMatchObject({ pattern: 'lunge', unilateral: true })
  expect(byName('Pull-up')).toMatchObject({ pattern: 'vertical pull', tracking: 'reps' })
  expect(byName('Plank')).toMatchObject({ pattern: 'core', tracking: 'time' })
  expect(byName('Rowing machine')).toMatchObject({ equipment: ['rower'], tracking: 'distance_time' })
})
