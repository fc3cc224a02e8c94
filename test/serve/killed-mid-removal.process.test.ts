import Database from 'better-sqlite3'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { DB_FILE_NAME } from '../../src/main/store'
import { openDb } from '../../src/main/store/db'
import { insertMessages, sentence } from '../support/bulk-messages'
import { createJobBody, provider } from '../support/fixtures'
import { tempDir } from '../support/node'
import { killAll, serveOn, type ServeProcess } from '../support/serve-process'

/*
 * `npm run serve` killed (SIGKILL) while it deletes the messages of a removed job, then started
 * again on the same folder: nothing of the removed job is visible at any moment, the next start
 * deletes what was left of it, and the other job keeps every message.
 */

const GONE_MESSAGES = 60_000
const KEPT_MESSAGES = 500
let dir: string
let cleanup: () => void
const running: ServeProcess[] = []

beforeEach(() => {
  ;({ dir, cleanup } = tempDir('nodedesk-killed-removal-'))
})
afterEach(async () => {
  await killAll(running)
  cleanup()
})

const serve = () => serveOn(dir, running)

const inboxOf = (jobId: string) => `job_inbox::${jobId}::false`

it('SIGKILL mid-removal: nothing of the job is visible after a restart, which deletes what was left; the other job is whole', async () => {
  // Two jobs made through the API, then filled with messages through SQL while the node is stopped.
  const first = await serve()
  expect((await first.call('POST', '/v2/add_llm_provider', provider('gpt', { api_key: 'k-123456' }))).status).toBe(200)
  const create = async () => ((await first.call('POST', '/v2/create_job', createJobBody('gpt'))).body as { job_id: string }).job_id
  const gone = await create()
  const kept = await create()
  first.p.child.kill('SIGTERM')
  expect(await first.p.exited).toBe(0)
  const file = join(dir, DB_FILE_NAME)
  const seeding = openDb(file)
  insertMessages(seeding, gone, GONE_MESSAGES, (i) => sentence(i, 'zanzibar'))
  insertMessages(seeding, kept, KEPT_MESSAGES, (i) => sentence(i, 'kestrel'))
  seeding.close()

  // The test's own view of the file, read-only, beside the node.
  const peek = new Database(file, { readonly: true })
  const count = (sql: string, ...params: unknown[]) =>
    peek
      .prepare<unknown[], number>(sql)
      .pluck()
      .get(...params)!
  const left = () => count(`SELECT count(*) FROM messages WHERE inbox_id = ?`, inboxOf(gone))
  try {
    const second = await serve()
    void second.call('POST', '/v2/remove_job', { job_id: gone }).catch(() => undefined)
    // Killed once the job's rows are gone and part of its messages are deleted, none of them all.
    await expect
      .poll(() => count(`SELECT count(*) FROM inboxes WHERE id = ?`, inboxOf(gone)) === 0 && left() < GONE_MESSAGES, {
        timeout: 20_000,
        interval: 2
      })
      .toBe(true)
    second.p.child.kill('SIGKILL')
    expect(await second.p.exited).toBe('SIGKILL')
    const leftAtKill = left()
    expect(leftAtKill, 'the kill came mid-removal').toBeGreaterThan(0)

    const third = await serve()
    // Nothing of it is visible, from the first request on.
    expect((await third.call('GET', '/v2/get_inbox', undefined, { inbox_name: inboxOf(gone) })).status).toBe(404)
    expect((await third.call('POST', '/v2/last_messages', { inbox_name: inboxOf(gone) })).status).toBe(404)
    expect((await third.call('POST', '/v2/job_message', { job_id: gone, content: 'still there?' })).status).toBe(404)
    expect((await third.call('GET', '/v2/get_job_scope', undefined, { job_id: gone })).status).toBe(404)
    expect((await third.call('GET', '/v2/search_inboxes', undefined, { q: 'zanzibar' })).body).toEqual([])
    const page = (await third.call('GET', '/v2/all_inboxes_paginated')).body as { inboxes: { inbox_id: string }[]; total_count: number }
    expect(page.inboxes.map((i) => i.inbox_id)).toEqual([inboxOf(kept)])
    expect(page.total_count).toBe(1)
    expect((await third.call('POST', '/v2/remove_job', { job_id: gone })).status).toBe(404)

    // The start finishes the removal in the background.
    await expect.poll(left, { timeout: 30_000, interval: 50 }).toBe(0)
    await expect.poll(() => count(`SELECT count(*) FROM inbox_removals`), { timeout: 5_000 }).toBe(0)
    expect(count(`SELECT count(*) FROM inbox_search WHERE inbox_search MATCH 'zanzibar'`)).toBe(0)
    for (const table of ['jobs', 'job_scopes']) {
      expect(count(`SELECT count(*) FROM ${table} WHERE ${table === 'jobs' ? 'id' : 'job_id'} = ?`, gone)).toBe(0)
    }
    // The other job: every message, in the tables and in the search index.
    expect(count(`SELECT count(*) FROM messages WHERE inbox_id = ?`, inboxOf(kept))).toBe(KEPT_MESSAGES)
    expect(count(`SELECT count(*) FROM inbox_search WHERE inbox_search MATCH 'kestrel'`)).toBe(KEPT_MESSAGES)
    const hits = (await third.call('GET', '/v2/search_inboxes', undefined, { q: 'kestrel' })).body as { inbox: { inbox_id: string } }[]
    expect(hits.map((h) => h.inbox.inbox_id)).toEqual([inboxOf(kept)])
    const messages = (await third.call('POST', '/v2/last_messages', { inbox_name: inboxOf(kept), limit: KEPT_MESSAGES })).body as unknown[]
    expect(messages).toHaveLength(KEPT_MESSAGES)
    third.p.child.kill('SIGTERM')
    expect(await third.p.exited).toBe(0)
  } finally {
    peek.close()
  }
  // The index agrees with the messages it was built from.
  const check = openDb(file)
  try {
    check.exec(`INSERT INTO inbox_search (inbox_search, rank) VALUES ('integrity-check', 1)`)
  } finally {
    check.close()
  }
}, 120_000)
