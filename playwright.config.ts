import { availableParallelism } from 'node:os'
import { defineConfig } from '@playwright/test'
import { CHROMIUM_ARGS, chromiumPath } from './e2e/browser'

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  // Two at once on the 2-core machines CI runs on (half the cores elsewhere, Playwright's default): each
  // test waits on a node, a provider and a page in turn, so one worker left the machine idle a quarter of
  // the time. All 275 tests: 23.1 min with one worker, 20.0 with two. The two tests that failed once at
  // two workers were mended (a race in the hidden-marker test; the focus across a breakpoint taken by a
  // conversation's title under load).
  workers: Math.max(2, Math.floor(availableParallelism() / 2)),
  // A test that fails and then passes is reported as flaky by name at the end of `npm test` (run-tests.mjs),
  // to be mended; one slower moment of a shared machine no longer fails the whole run. Failing twice fails.
  retries: 1,
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  outputDir: 'test-results/playwright',
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
    viewport: { width: 1280, height: 800 },
    // Recorded on a failed test's retry only: recording every test (screencast frames, DOM snapshots at
    // each action) took a third of the suite's CPU, most of it Chromium's compositor drawing the frames.
    trace: 'on-first-retry'
  }
})
