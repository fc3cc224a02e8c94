import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    environment: 'node',
    globalSetup: ['test/support/global-setup.ts'],
    setupFiles: ['test/support/testing-library.ts'],
    // A poll returns as soon as its condition holds: the default time-out (1 s) only decides how
    // long a loaded machine may take before a test fails, and 1 s is too short for that.
    expect: { poll: { timeout: 5000 } },
    // Vitest's default (one worker fewer than the cores) is one worker on the 2-core machines CI runs
    // on, which kept the machine half idle: the files took 1,617 s with one worker, 987 s with two.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default', 'json', './test/support/failure-summary-reporter.ts'],
    outputFile: { json: 'test-results/vitest.json' }
  }
})
