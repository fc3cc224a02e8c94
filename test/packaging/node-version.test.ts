import { describe, expect, it } from 'vitest'
import { nodeVersionProblem } from '../../scripts/node-version.mjs'

// `npm start` and `npm run serve` on Node 20 used to die in the native SQLite module with no word
// (a segfault); they now say which Node.js they need before loading anything.
describe('the Node.js version check of npm start and npm run serve', () => {
  it('refuses Node.js older than 22.12 in a sentence naming both versions', () => {
    for (const old of ['20.20.2', '22.11.0', '18.0.0']) {
      expect(nodeVersionProblem(old)).toBe(
        `Nodedesk needs Node.js 22.12 or newer; this is Node.js ${old}. ` +
          'Install a newer Node.js (https://nodejs.org) and run the command again.'
      )
    }
  })

  it('accepts 22.12 and newer', () => {
    for (const fine of ['22.12.0', '22.20.1', '23.0.0', '24.21.0', '100.0.0']) {
      expect(nodeVersionProblem(fine)).toBeUndefined()
    }
  })
})
