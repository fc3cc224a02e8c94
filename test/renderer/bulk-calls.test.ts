import { beforeEach, describe, expect, it } from 'vitest'
import { ApiFailure, createClient, type Client } from '../../src/renderer/src/api/client'
import { callEach, removeJobs, REMOVE_JOBS_MAX } from '../../src/renderer/src/features/inboxes/bulk-calls'
import { deletedText, deletingText, notDeletedTitle } from '../../src/renderer/src/features/inboxes/delete-progress'
import { addProvider, createJob, useTestNode } from '../support/node'
import { routerTransport } from './render'

/*
 * The bulk bar's calls against a real node (router in process): a selection may hold inboxes
 * another client removed since they were selected, and the node's remove_jobs is all or nothing.
 */

const node = useTestNode({
  setup: async (n) => {
    await addProvider(n, 'gpt')
  }
})
let client: Client
let calls: string[]

beforeEach(() => {
  calls = []
  const inner = routerTransport(node.router)
  client = createClient({
    ...inner,
    request: (req) => {
      calls.push(req.path)
      return inner.request(req)
    }
  })
})

async function jobs(n: number): Promise<string[]> {
  const ids: string[] = []
  for (let i = 0; i < n; i++) ids.push(await createJob(node, 'gpt'))
  return ids
}
const remaining = () => node.store.db.prepare<[], string>('SELECT id FROM jobs ORDER BY id').pluck().all()
const inboxOf = (jobId: string) => `job_inbox::${jobId}::false`

describe('removeJobs', () => {
  it('removes the rest of a selection when some of it was removed elsewhere meanwhile', async () => {
    const [a, b, c, d] = await jobs(4)
    await client.call('remove_job', { body: { job_id: b! } })
    const outcome = await removeJobs(client, [a!, b!, c!])
    expect(outcome).toEqual({ removed: 2, alreadyGone: 1, stopped: false })
    expect(remaining()).toEqual([d])
  })

  it('sends at most the contract limit per call, and copes with gone jobs in several parts', async () => {
    const ids = await jobs(REMOVE_JOBS_MAX + 5)
    const keep = await jobs(1)
    const goneEarly = ids[3]!
    const goneLate = ids[REMOVE_JOBS_MAX + 2]!
    await client.call('remove_jobs', { body: { job_ids: [goneEarly, goneLate] } })
    calls = []
    const progress: number[] = []
    const outcome = await removeJobs(client, ids, (n) => progress.push(n))
    expect(outcome).toEqual({ removed: REMOVE_JOBS_MAX + 3, alreadyGone: 2, stopped: false })
    expect(progress).toEqual([REMOVE_JOBS_MAX - 1, REMOVE_JOBS_MAX + 3])
    // Two parts, each sent once more after the node named its gone job.
    expect(calls).toHaveLength(4)
    expect(remaining()).toEqual(keep)
  }, 60_000)

  it('stops at any other failure, having removed nothing of the failed part', async () => {
    const [a, b] = await jobs(2)
    const err = await removeJobs(client, [a!, '']).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ApiFailure)
    expect((err as ApiFailure).status).toBe(400)
    expect(remaining()).toEqual([a, b].sort())
  })
})

describe('removeJobs stopped or failing midway', () => {
  it('stops before the next part when asked: the parts sent are deleted, exactly those, the rest kept', async () => {
    const ids = await jobs(REMOVE_JOBS_MAX * 2 + 3)
    const progress: number[] = []
    let stop = false
    const outcome = await removeJobs(
      client,
      ids,
      (n) => {
        progress.push(n)
        stop = true // Stop pressed while the first part was under way
      },
      () => stop
    )
    expect(outcome).toEqual({ removed: REMOVE_JOBS_MAX, alreadyGone: 0, stopped: true })
    expect(progress).toEqual([REMOVE_JOBS_MAX])
    expect(remaining()).toEqual(ids.slice(REMOVE_JOBS_MAX).sort())
    expect(deletedText(outcome, ids.length)).toEqual({
      title: 'Delete stopped',
      message: '1,000 of 2,003 conversations deleted; the other 1,003 were not.'
    })
  }, 120_000)

  it('a failure in a later part: the count says how many were deleted, and the node has exactly the rest', async () => {
    const ids = await jobs(REMOVE_JOBS_MAX + 2)
    let removed = 0
    const err = await removeJobs(client, [...ids, ''], (n) => (removed = n)).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ApiFailure)
    expect(removed).toBe(REMOVE_JOBS_MAX)
    expect(remaining()).toEqual(ids.slice(REMOVE_JOBS_MAX).sort())
    expect(notDeletedTitle(removed, ids.length + 1)).toBe('1,000 of 1,003 deleted; the rest were not')
  }, 120_000)

  it('says the progress as "Deleting n of N…"', () => {
    expect(deletingText(3000, 100_000)).toBe('Deleting 3,000 of 100,000…')
  })
})

describe('callEach', () => {
  it('counts rows removed meanwhile apart from failures, and keeps the first failure', async () => {
    const [a, b, c] = await jobs(3)
    await client.call('remove_job', { body: { job_id: b! } })
    const pin = (inbox: string) => client.call('update_inbox_pinned', { body: { inbox_name: inbox, pinned: true } })
    const outcome = await callEach([inboxOf(a!), inboxOf(b!), '', inboxOf(c!)], pin)
    expect(outcome.done).toBe(2)
    expect(outcome.gone).toBe(1)
    expect(outcome.failed).toBe(1)
    expect((outcome.firstError as ApiFailure).status).toBe(400)
    expect(outcome.notChanged).toEqual([''])
    const pinned = await client.call('all_inboxes_paginated', { query: { pinned: 'true' } })
    expect(pinned.inboxes.map((i) => i.inbox_id).sort()).toEqual([inboxOf(a!), inboxOf(c!)].sort())
  })
})
