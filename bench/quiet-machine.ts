import { readFileSync } from 'node:fs'

/** Idle and total CPU time of the whole machine so far (jiffies, from /proc/stat); undefined where there is none. */
function cpuTimes(): { idle: number; total: number } | undefined {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number)
    // user nice system idle iowait irq softirq steal: idle and iowait are the machine waiting.
    return { idle: fields[3]! + (fields[4] ?? 0), total: fields.slice(0, 8).reduce((a, b) => a + b, 0) }
  } catch {
    return undefined
  }
}

/**
 * Waits until the machine is quiet (at least `idleShare` of its CPU time idle over half a second),
 * for at most `maxMs`: what an earlier part of the bench left running (a node closing its database,
 * a browser's processes ending, the disk writing back a seeded data dir) is not measured as the
 * page's time. Returns how long it waited, and whether the machine was quiet by then.
 */
export async function quietMachine(idleShare = 0.85, maxMs = 20_000): Promise<{ waitedMs: number; quiet: boolean }> {
  const start = performance.now()
  for (;;) {
    const a = cpuTimes()
    await new Promise((r) => setTimeout(r, 500))
    const b = cpuTimes()
    if (!a || !b) return { waitedMs: performance.now() - start, quiet: true }
    const total = b.total - a.total
    if (total > 0 && (b.idle - a.idle) / total >= idleShare) return { waitedMs: performance.now() - start, quiet: true }
    if (performance.now() - start > maxMs) return { waitedMs: performance.now() - start, quiet: false }
  }
}
