// Runs the Vitest suite and closes with one plain line: "Tests: N passed, N failed, N skipped".
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { root } from './ensure-build.mjs'

const report = join(root, 'test-results/vitest.json')
rmSync(report, { force: true })
const vitest = join(root, 'node_modules/vitest/vitest.mjs')
const run = spawnSync(process.execPath, [vitest, 'run', ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' })

let passed = 0
let failed = 0
let skipped = 0
if (existsSync(report)) {
  const r = JSON.parse(readFileSync(report, 'utf8'))
  passed = r.numPassedTests ?? 0
  failed = (r.numFailedTests ?? 0) + (r.numFailedTestSuites && !r.numFailedTests ? r.numFailedTestSuites : 0)
  skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0)
} else if (run.status !== 0) {
  failed = 1
}
console.log(`\nTests: ${passed} passed, ${failed} failed, ${skipped} skipped`)
process.exit(run.status ?? 1)
