import { request } from 'node:http'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { DB_FILE_NAME } from '../../src/main/store'
import { openDb } from '../../src/main/store/db'
import { insertMessages } from '../support/bulk-messages'
import { createJobBody, provider } from '../support/fixtures'
import { tempDir } from '../support/node'
import { killAll, serveOn, type ServeProcess } from '../support/serve-process'

/*
 * A large answer written to a client that reads as fast as it comes (an export of 150 MB over
 * loopback): the socket took each piece at once, so the node wrote the next without ever letting
 * its event loop turn, and every other request (the health check too) waited for the whole export.
 * Pieces of 1 MB (one per message here) are written whole too, and their 'drain' comes on the next
 * tick, not a turn of the loop: that way the writer used to block as well.
 */

let dir: string
let cleanup: () => void
const running: ServeProcess[] = []

beforeEach(() => {
  ;({ dir, cleanup } = tempDir('nodedesk-large-answer-'))
})
afterEach(async () => {
  await killAll(running)
  cleanup()
})

const serve = () => serveOn(dir, running)

it('the node answers other requests while it writes a large export to a fast reader', { timeout: 120_000 }, async () => {
  const first = await serve()
  await first.post('/v2/add_llm_provider', provider('gpt'))
  const jobId = (await first.post<{ job_id: string }>('/v2/create_job', createJobBody('gpt'))).body.job_id
  first.p.child.kill('SIGTERM')
  expect(await first.p.exited).toBe(0)
  const seeding = openDb(join(dir, DB_FILE_NAME))
  insertMessages(seeding, jobId, 150, (i) => `message ${i} ` + 'x'.repeat(1024 * 1024 - 20))
  seeding.close()

  const { p } = await serve()
  const url = new URL(p.url)
  // One health check first: this process's first fetch sets up its client (hundreds of ms on a loaded
  // machine), during which a fast export could end before any check was counted.
  await (await fetch(`${p.url}/v2/health_check`)).text()
  let exporting = true
  let exported = 0
  const exportDone = new Promise<void>((done, fail) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: '/v2/export_messages_from_inbox',
        method: 'POST',
        headers: { Authorization: `Bearer ${p.token}`, 'Content-Type': 'application/json' }
      },
      (res) => {
        res.on('data', (c: Buffer) => (exported += c.length))
        res.on('end', () => {
          exporting = false
          done()
        })
      }
    )
    req.on('error', fail)
    req.end(JSON.stringify({ inbox_name: `job_inbox::${jobId}::false`, format: 'json' }))
  })
  // Health checks one after another for as long as the export runs.
  const answeredDuring: number[] = []
  const exportStarted = performance.now()
  while (exporting) {
    const started = performance.now()
    const res = await fetch(`${p.url}/v2/health_check`)
    await res.text()
    if (exporting) answeredDuring.push(performance.now() - started)
  }
  await exportDone
  const exportMs = performance.now() - exportStarted
  expect(exported).toBeGreaterThan(150 * 1024 * 1024)
  const slowest = Math.max(0, ...answeredDuring)
  console.log(
    `health checks answered during the ${Math.round(exportMs)} ms export: ${answeredDuring.length}, slowest ${Math.round(slowest)} ms`
  )
  // Before: the first check waited for most or all of the export (0 to 7 answered, the slowest a third
  // of it or more). A socket taking 1 MB pieces at once emits 'drain' on the next tick, and the writer
  // began a new slice after each, so the event loop never turned. Now it turns every 10 ms: a check
  // waits about that long, a few dozen fit in the export.
  expect(answeredDuring.length).toBeGreaterThanOrEqual(10)
  expect(slowest).toBeLessThan(exportMs / 4)
})
