import { describe, expect, test } from 'vitest'
import { DEFAULT_PLATE_SETUPS } from './schemas/plate-setups.ts'
import { STANDARD_RAMP, type BlockTimer } from './schemas/timed-work.ts'
import {
  blockAt,
  inTimedBlock,
  clockAt,
  clockText,
  LEAD_IN_SECONDS,
  markRound,
  parseClock,
  parseRamp,
  pauseRun,
  rampSets,
  rampText,
  resumeRun,
  startRun,
  tempoSteps,
  timerText,
  type TimerRun,
} from './timed-work.ts'

const T0 = 1_000_000
const run = startRun(T0)
/** `seconds` after the clock started (the lead-in is over). */
const at = (seconds: number) => T0 + (LEAD_IN_SECONDS + seconds) * 1000
const emom: BlockTimer = { kind: 'emom', everySeconds: 60 }
const intervals: BlockTimer = { kind: 'intervals', workSeconds: 30, restSeconds: 15 }
const forTime: BlockTimer = { kind: 'circuit', goal: 'time', capSeconds: 600 }
const amrap: BlockTimer = { kind: 'circuit', goal: 'rounds', capSeconds: 300 }

describe('the clock of a timed block', () => {
  test.each([
    ['the lead-in counts down to the start', emom, 10, run, T0 + 1000, { phase: 'ready', shown: 4 }],
    ['an EMOM counts each minute down', emom, 10, run, at(0), { phase: 'work', round: 1, shown: 60 }],
    ['an EMOM in its third minute', emom, 10, run, at(125.2), { phase: 'work', round: 3, shown: 55 }],
    [
      'an EMOM ends after its last minute',
      emom,
      10,
      run,
      at(600),
      { phase: 'done', result: { rounds: 10, seconds: 600 } },
    ],
    ['intervals work first', intervals, 4, run, at(10), { phase: 'work', round: 1, shown: 20 }],
    ['then rest', intervals, 4, run, at(40), { phase: 'rest', round: 1, shown: 5 }],
    [
      'and have no rest after the last round',
      intervals,
      4,
      run,
      at(4 * 30 + 3 * 15),
      { phase: 'done', result: { rounds: 4, seconds: 165 } },
    ],
    ['a circuit for time counts up', forTime, 3, run, at(75.9), { phase: 'work', round: 1, shown: 75, countsUp: true }],
    [
      'a circuit for rounds counts its cap down',
      amrap,
      5,
      run,
      at(100),
      { phase: 'work', shown: 200, countsUp: false },
    ],
    [
      'a circuit for rounds ends at its cap with the rounds done',
      amrap,
      5,
      { ...run, marks: [90_000, 180_000] },
      at(300),
      { phase: 'done', result: { rounds: 2, seconds: 300 } },
    ],
  ] as const)('%s', (_, timer, rounds, state, now, expected) => {
    expect(clockAt(timer, rounds, state as TimerRun, now)).toMatchObject(expected)
  })

  test('a circuit for time ends at its last round, with the time it took', () => {
    let state = run
    for (const seconds of [100, 210, 333]) state = markRound(state, at(seconds))
    expect(clockAt(forTime, 3, state, at(400))).toMatchObject({ phase: 'done', result: { rounds: 3, seconds: 333 } })
  })

  test('a locked screen or a closed app changes nothing: the clock is worked out from wall-clock times', () => {
    // Nothing ran between these two readings.
    expect(clockAt(emom, 10, run, at(59))).toMatchObject({ round: 1, shown: 1 })
    expect(clockAt(emom, 10, run, at(60 * 7 + 30))).toMatchObject({ round: 8, shown: 30 })
  })

  test('a pause stops the clock, and stopping early keeps the rounds finished', () => {
    const paused = pauseRun(run, at(90))
    expect(clockAt(emom, 10, paused, at(500))).toMatchObject({ round: 2, shown: 30 })
    const resumed = resumeRun(paused, at(500))
    expect(clockAt(emom, 10, resumed, at(530))).toMatchObject({ round: 3, shown: 60 })
    expect(clockAt(emom, 10, { ...resumed, stoppedAt: at(560) }, at(9999))).toMatchObject({
      phase: 'done',
      result: { rounds: 2, seconds: 150 },
    })
    // Rounds are not marked before the start, while paused or once stopped.
    expect(markRound(run, T0).marks).toEqual([])
    expect(markRound(paused, at(600)).marks).toEqual([])
  })

  test('texts', () => {
    expect(clockText(65)).toBe('1:05')
    expect(clockText(3725)).toBe('1:02:05')
    expect(timerText(emom, 10)).toBe('EMOM 10 minutes')
    expect(timerText({ kind: 'emom', everySeconds: 90 }, 6)).toBe('Every 1:30 for 6 rounds')
    expect(timerText(forTime, 3)).toBe('Circuit: 3 rounds for time, cap 10:00')
    expect(timerText(amrap, 5)).toBe('Circuit: as many rounds as possible in 5:00')
  })
})

describe('blocks', () => {
  const e = (superset: string | null, timer: BlockTimer | null = null) => ({ superset, timer })
  test('a superset whose first exercise has a timer is one block; a lone exercise with one is a block of one', () => {
    const list = [e(null, emom), e('B', forTime), e('B'), e(null)]
    expect(blockAt(list, 0)?.exercises).toEqual([list[0]])
    expect(blockAt(list, 1)?.exercises).toEqual([list[1], list[2]])
    expect(blockAt(list, 2)).toBeNull()
    expect(blockAt(list, 3)).toBeNull()
    expect(list.map((_, index) => inTimedBlock(list, index))).toEqual([true, true, true, false])
  })
})

describe('warm-up ramps', () => {
  const kg = DEFAULT_PLATE_SETUPS.kg
  test('100 kg on a barbell: the bar, 40, 60 and 80 kg', () => {
    expect(rampSets(STANDARD_RAMP, 100, 'kg', kg, { plateLoaded: true }).map((s) => [s.load, s.reps])).toEqual([
      [20, 10],
      [40, 5],
      [60, 3],
      [80, 1],
    ])
  })
  test('loads round to the plate step and to what the plates make, never under the bar', () => {
    // 40% of 37.5 is 15: under the bar, so the bar; 60% is 22.5; 80% is 30.
    expect(rampSets(STANDARD_RAMP, 37.5, 'kg', kg, { plateLoaded: true }).map((s) => s.load)).toEqual([
      20, 20, 22.5, 30,
    ])
    // 60% of 102.5 is 61.5: 62.5.
    expect(rampSets(STANDARD_RAMP, 102.5, 'kg', kg, { plateLoaded: true })[2]?.load).toBe(62.5)
    // Only 5s and 10s: 62.5 cannot be made, so 60.
    expect(rampSets(STANDARD_RAMP, 102.5, 'kg', { ...kg, plates: [10, 5] }, { plateLoaded: true })[2]?.load).toBe(60)
  })
  test('no step at or above the work; no empty bar for dumbbells; pounds stay pounds', () => {
    expect(rampSets([{ percent: 95, reps: 1 }], 20, 'kg', kg, { plateLoaded: true })).toEqual([])
    expect(rampSets(STANDARD_RAMP, 30, 'kg', kg, { plateLoaded: false }).map((s) => s.load)).toEqual([12.5, 17.5, 25])
    const lb = rampSets(STANDARD_RAMP, 225, 'lb', DEFAULT_PLATE_SETUPS.lb, { plateLoaded: true })
    expect(lb.map((s) => s.load)).toEqual([45, 90, 135, 180])
    expect(lb[1]?.loadKg).toBeCloseTo(40.823, 3)
  })
})

describe('what a coach types', () => {
  test('ramps read both ways', () => {
    expect(parseRamp('bar x10, 40%x5; 60 × 3\n80% * 1')).toEqual(STANDARD_RAMP)
    expect(rampText(STANDARD_RAMP)).toBe('bar × 10, 40% × 5, 60% × 3, 80% × 1')
    expect(parseRamp('  ')).toBeNull()
    expect(parseRamp('half x 5')?.[0]?.percent).toBeNaN()
  })
  test('times as a clock or in seconds', () => {
    expect(parseClock('1:30')).toBe(90)
    expect(parseClock('45')).toBe(45)
    expect(parseClock('')).toBeNull()
    expect(parseClock('1:75')).toBeNaN()
    expect(parseClock('ten')).toBeNaN()
  })
})

test('a tempo reads as its phases', () => {
  expect(tempoSteps('31X1')).toEqual(['3 s down', '1 s pause at the bottom', 'up fast', '1 s pause at the top'])
  expect(tempoSteps('2010')).toEqual(['2 s down', 'no pause at the bottom', '1 s up', 'no pause at the top'])
})
