// A child for test/serve/full-disk.test.ts: installs the node's process guard and logger, then
// throws uncaught exceptions every few milliseconds, as a broken node would.
import { consoleLogger } from '../../../src/main/platform/logger'
import { installProcessGuard } from '../../../src/main/process-guard'

installProcessGuard({ log: consoleLogger })
console.log('guarded')
let n = 0
setInterval(() => {
  n++
  throw new Error(`failure ${n}`)
}, 5)
