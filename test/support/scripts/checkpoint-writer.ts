/**
 * Writes rows through a store's write batcher until killed, with the checkpoint worker tuned to
 * start at once and complete a checkpoint every 256 frames (test/store/checkpoints.test.ts):
 * prints `ack <id>` for each write once its commit is durable, and `stats <json>` (the worker's)
 * every 50 ms. Usage: node --import tsx checkpoint-writer.ts <data-dir>
 */
import { join } from 'node:path'
import { openStore } from '../../../src/main/store'
import { aesFileSecretBox } from '../../../src/main/store/secret-box'

const dir = process.argv[2]!
const store = openStore(dir, aesFileSecretBox(join(dir, 'secret.key')), {
  checkpointTuning: { startAtBytes: 0, checkIntervalMs: 20, resetFrames: 256, activeDelayMs: 10 }
})
store.db.exec(`CREATE TABLE IF NOT EXISTS crash_rows (id INTEGER PRIMARY KEY, k TEXT NOT NULL, v TEXT NOT NULL)`)
store.db.exec(`CREATE INDEX IF NOT EXISTS crash_rows_k ON crash_rows(k)`)
const insert = store.db.prepare(`INSERT INTO crash_rows (id, k, v) VALUES (?, ?, ?)`)
const filler = 'y'.repeat(300)
let next = 0
setInterval(() => process.stdout.write(`stats ${JSON.stringify(store.checkpoints())}\n`), 50)
for (let w = 0; w < 16; w++) {
  void (async () => {
    for (;;) {
      const id = ++next
      await store.writes.run(() => insert.run(id, Math.random().toString(36).slice(2), filler))
      // Pipes are written synchronously on Linux: a printed ack was durable before the kill.
      process.stdout.write(`ack ${id}\n`)
    }
  })()
}
