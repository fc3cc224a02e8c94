import { existsSync, writeFileSync } from 'node:fs'
import { parentPort } from 'node:worker_threads'
import '../../src/main/runtime/provider-worker'

/*
 * The provider worker, except that the first call it is given while the file named by
 * NODEDESK_TEST_DIE_ONCE does not exist creates that file and ends the thread (as a crash in the
 * worker would). Later workers, started again by the caller, answer normally.
 */
parentPort!.on('message', (m: { type: string }) => {
  const marker = process.env.NODEDESK_TEST_DIE_ONCE
  if (m.type === 'call' && marker && !existsSync(marker)) {
    writeFileSync(marker, '')
    process.exit(3)
  }
})
