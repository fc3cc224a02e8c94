// `npm test`'s runner: Vitest (unit, API, transports, components), then Playwright (the UI in
// Chromium against headless mode). Closes with one plain line: "Tests: N passed, N failed, N skipped".
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { root } from './ensure-build.mjs'

const results = join(root, 'test-results')
const run = (args) => spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env: process.env }).status ?? 1

const totals = { passed: 0, failed: 0, skipped: 0 }
const vitestJson = join(results, 'vitest.json')
const vitestFailures = join(results, 'vitest-failures.txt')
const playwrightJson = join(results, 'playwright.json')
rmSync(vitestJson, { force: true })
rmSync(playwrightJson, { force: true })
rmSync(vitestFailures, { force: true })

const vitestStatus = run([join(root, 'node_modules/vitest/vitest.mjs'), 'run'])
if (existsSync(vitestJson)) {
  const r = JSON.parse(readFileSync(vitestJson, 'utf8'))
  totals.passed += r.numPassedTests ?? 0
  totals.failed += r.numFailedTests ?? 0
  totals.skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0)
  if (vitestStatus !== 0 && !r.numFailedTests) totals.failed += 1 // a suite that failed to load
} else if (vitestStatus !== 0) totals.failed += 1

console.log('\n== Playwright (Chromium, headless mode)')
const playwrightStatus = run([join(root, 'node_modules/@playwright/test/cli.js'), 'test'])
// eslint-disable-next-line no-control-regex -- the terminal's colour codes in an error message
const ansiColours = /\x1b\[[0-9;]*m/g

/**
 * Every skipped Playwright test with the reason it gave, so no skip goes unexplained, and every test that
 * passed only when run again (flaky), with what its first run said, so none goes unmended.
 */
function printSkipsAndFlakes(report) {
  const walk = (suite, trail) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        const title = [...trail, spec.title].join(' › ')
        if (t.status === 'flaky') {
          const first = (t.results ?? []).find((r) => r.status !== 'passed')
          const said = (first?.error?.message ?? first?.status ?? '').replace(ansiColours, '').split('\n')[0]
          console.log(`flaky (passed when run again): ${title}: ${said}`)
        }
        if (t.status !== 'skipped') continue
        const reason = (t.annotations ?? []).find((a) => a.type === 'skip')?.description ?? 'no reason given'
        console.log(`skipped: ${title}: ${reason}`)
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...trail, child.title])
  }
  for (const suite of report.suites ?? []) walk(suite, [suite.title])
}

if (existsSync(playwrightJson)) {
  const report = JSON.parse(readFileSync(playwrightJson, 'utf8'))
  printSkipsAndFlakes(report)
  const s = report.stats ?? {}
  totals.passed += (s.expected ?? 0) + (s.flaky ?? 0)
  totals.failed += s.unexpected ?? 0
  totals.skipped += s.skipped ?? 0
  if (playwrightStatus !== 0 && !s.unexpected) totals.failed += 1
} else if (playwrightStatus !== 0) totals.failed += 1

// Vitest's failures again, short, here at the end: a log read from its tail still says what failed.
if (existsSync(vitestFailures)) {
  const lines = readFileSync(vitestFailures, 'utf8').trimEnd().split('\n')
  console.log('\n== What failed in Vitest')
  console.log(lines.slice(0, 60).join('\n'))
  if (lines.length > 60) console.log(`… ${lines.length - 60} more lines in test-results/vitest-failures.txt`)
}

console.log(`\nTests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`)
process.exit(vitestStatus !== 0 || playwrightStatus !== 0 ? 1 : 0)
