import { readFileSync, writeFileSync } from 'node:fs'
import type { DatabaseUsage } from './lib.ts'
import { databaseUsage, memoryMb } from './lib.ts'

/** What the gym bench reads of the app's and the database's processes from /proc. */

const MEMORY_SAMPLE_MS = 1000

type DatabaseSeen = { first: DatabaseUsage; last: DatabaseUsage; peak: DatabaseUsage & { togetherMb: number } }

/**
 * Reads the database's processes until `stop`: each figure's peak over the samples (backends come
 * and go, so no kernel high-water mark covers them), the first and the last reading, and the
 * peak of the app server's RSS and the database's PSS read together. Null when /proc says nothing.
 */
export function watchDatabase(cluster: string, appPid: number): { stop: () => DatabaseSeen | null } {
  let first: DatabaseUsage | null = null
  let last: DatabaseUsage | null = null
  const peak = { processes: 0, rssMb: 0, pssMb: 0, cpuSeconds: 0, togetherMb: 0 }
  const sample = () => {
    const usage = databaseUsage(cluster)
    if (!usage) return
    first ??= usage
    last = usage
    peak.processes = Math.max(peak.processes, usage.processes)
    peak.rssMb = Math.max(peak.rssMb, usage.rssMb)
    peak.pssMb = Math.max(peak.pssMb, usage.pssMb)
    peak.togetherMb = Math.max(peak.togetherMb, usage.pssMb + memoryMb(appPid, 'VmRSS'))
  }
  sample()
  const timer = setInterval(sample, MEMORY_SAMPLE_MS)
  return {
    stop: () => {
      clearInterval(timer)
      sample()
      return first && last ? { first, last, peak } : null
    },
  }
}

/** Resets the kernel's high-water mark, so the peak is this scenario's (best effort: root or own process). */
export function resetPeakMemory(pid: number): void {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5')
  } catch {
    // The peak then includes what came before; still an upper bound.
  }
}

/** CPU seconds the process has used (user + system), from /proc/<pid>/stat. */
export function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
  return (Number(fields[11]) + Number(fields[12])) / 100
}
