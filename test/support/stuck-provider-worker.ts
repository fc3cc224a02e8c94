import { writeFileSync } from 'node:fs'
import { parentPort } from 'node:worker_threads'

/*
 * A provider thread whose event loop is stuck as soon as it gets a call (it never reads an abort).
 * With STUCK_WORKER_HEARTBEAT set, it writes a count there every 50 ms while stuck: a test sees
 * from outside whether the thread still runs.
 */
const heartbeat = process.env.STUCK_WORKER_HEARTBEAT
parentPort!.on('message', (m: { type: string }) => {
  if (m.type !== 'call') return
  let beats = 0
  let next = Date.now()
  for (;;) {
    if (heartbeat && Date.now() >= next) {
      writeFileSync(heartbeat, String(++beats))
      next = Date.now() + 50
    }
  }
})
