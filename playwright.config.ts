import { defineConfig } from '@playwright/test'
import { CHROMIUM_ARGS, chromiumPath } from './e2e/browser'

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  // One at a time. Two at once (Math.max(2, cores / 2)) took the 275 tests from 23.1 to 20.0 min, but
  // in its second CI run two tests failed once (conversation-hidden-marker: the header's hidden marker
  // never showed in 10 s; conversation-list-resize-focus), each passing on its retry: back to one
  // until those are understood.
  workers: 1,
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
