// A Vitest reporter that writes what went wrong in a run to test-results/vitest-failures.txt: each
// failed test, each test file that failed outside its tests, and each unhandled error, a few lines
// apiece. `npm test`'s runner prints the file just before its closing summary, so a run whose log
// is read only from its end still says why it failed (an unhandled error fails the run while every
// test passes, and the default reporter prints it hundreds of lines earlier).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, relative, resolve } from 'node:path'
import type { Reporter, TestModule } from 'vitest/node'

interface ErrorLike {
  name?: string
  message?: string
  stack?: string
}

const out = resolve('test-results/vitest-failures.txt')

/** The error's first line and the first lines of its stack that point into the project. */
function describe(error: ErrorLike): string[] {
  const head = `${error.name ?? 'Error'}: ${(error.message ?? '').split('\n')[0]?.slice(0, 300) ?? ''}`
  const frames = (error.stack ?? '')
    .split('\n')
    .filter((l) => l.trim().startsWith('at ') && !l.includes('node_modules') && !l.includes('node:internal') && !l.includes('<anonymous>'))
    .slice(0, 3)
    .map((l) => `    ${l.trim()}`)
  return [`  ${head}`, ...frames]
}

export default class FailureSummaryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<ErrorLike>): void {
    const lines: string[] = []
    for (const m of modules) {
      const file = relative(process.cwd(), m.moduleId)
      for (const e of m.errors()) lines.push(`file ${file} failed outside its tests:`, ...describe(e))
      if (m.state() === 'pending' || m.state() === 'queued') lines.push(`file ${file} did not finish`)
      for (const t of m.children.allTests('failed')) {
        lines.push(`failed: ${file} › ${t.fullName}`)
        for (const e of t.result().errors ?? []) lines.push(...describe(e))
      }
    }
    for (const e of unhandledErrors) lines.push('unhandled error (it fails the run even when every test passes):', ...describe(e))
    rmSync(out, { force: true })
    if (lines.length === 0) return
    mkdirSync(dirname(out), { recursive: true })
    writeFileSync(out, `${lines.join('\n')}\n`)
  }
}
