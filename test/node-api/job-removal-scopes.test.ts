import { afterEach, beforeEach, expect, it } from 'vitest'
import { startHttpServer, type HttpServer } from '../../src/main/transports/http'
import { insertMessages, sentence } from '../support/bulk-messages'
import { addProvider, createJob, useTestNode } from '../support/node'

/*
 * Removing jobs whose scopes are large. Deleting a row of megabytes makes SQLite read every page of
 * it (to free them): 40 scopes of 13 MB held the node for 300 ms in the removal's first
 * transaction, 200 of them about 1.5 s, however the messages were sliced. A scope now goes in
 * the last slice of its job's removal, and the job is gone from view from the first transaction on.
 */

const node = useTestNode({ setup: (n) => addProvider(n, 'gpt') })
let server: HttpServer
beforeEach(async () => {
  server = await startHttpServer({ router: node.router, token: 't', port: 0, log: node.log })
})
afterEach(() => server.close())

async function call(method: 'GET' | 'POST', path: string, body?: unknown, query: Record<string, string> = {}) {
  const qs = Object.keys(query).length ? `?${new URLSearchParams(query).toString()}` : ''
  const res = await fetch(`${server.url}${path}${qs}`, {
    method,
    headers: { Authorization: 'Bearer t', 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body)
  })
  return { status: res.status, body: await res.json() }
}
const scopesLeft = (jobIds: readonly string[]) =>
  node.store.db
    .prepare<string[], number>(`SELECT count(*) FROM job_scopes WHERE job_id IN (${jobIds.map(() => '?').join(',')})`)
    .pluck()
    .get(...jobIds)!

it('deletes the scopes of removed jobs in the slices, between which requests are answered; the scopes are gone from view at once', async () => {
  const JOBS = 8
  const gone: string[] = []
  for (let j = 0; j < JOBS; j++) {
    const scope = {
      local_vrkai: [],
      local_vrpack: [],
      network_folders: [],
      vector_fs_folders: [],
      vector_fs_items: [],
      notes: `job ${j} `.padEnd(4 * 1024 * 1024, String.fromCharCode(97 + j))
    }
    const id = await createJob(node, 'gpt', scope)
    insertMessages(node.store.db, id, 1_000, (i) => sentence(i, 'zanzibar'))
    gone.push(id)
  }
  const kept = await createJob(node, 'gpt', {
    local_vrkai: [],
    local_vrpack: [],
    network_folders: [],
    vector_fs_folders: [],
    vector_fs_items: []
  })

  let settled = false
  const removal = call('POST', '/v2/remove_jobs', { job_ids: gone }).finally(() => (settled = true))
  // Health checks one after the other until the removal answers; each time, how many of its scopes were left.
  const leftAtHealth: number[] = []
  const scopeLookups: number[] = []
  while (!settled) {
    expect((await call('GET', '/v2/health_check')).status).toBe(200)
    if (settled) break
    const left = scopesLeft(gone)
    leftAtHealth.push(left)
    // A scope still stored is no job's any more.
    if (left > 0 && left < JOBS) scopeLookups.push((await call('GET', '/v2/get_job_scope', undefined, { job_id: gone[JOBS - 1]! })).status)
  }
  expect(await removal).toEqual({ status: 200, body: { removed: JOBS } })
  const midway = leftAtHealth.filter((n) => n > 0 && n < JOBS)
  expect(
    midway.length,
    `health checks answered while scopes were being deleted (scopes left then: ${leftAtHealth.join(', ')})`
  ).toBeGreaterThanOrEqual(2)
  expect(scopeLookups.length).toBeGreaterThan(0)
  expect(new Set(scopeLookups)).toEqual(new Set([404]))

  expect(scopesLeft(gone)).toBe(0)
  expect(node.store.db.pragma('foreign_key_check')).toEqual([])
  expect((await call('GET', '/v2/get_job_scope', undefined, { job_id: kept })).status).toBe(200)
}, 60_000)
