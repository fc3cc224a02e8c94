// Needs Node (the real node over HTTP on 127.0.0.1): named *.node.test.ts so a Node-typed config covers it.
import { QueryObserver } from '@tanstack/react-query'
import { afterEach, expect, it } from 'vitest'
import type { Client } from '../../src/renderer/src/api/client'
import { EVENT_BATCH_MS } from '../../src/renderer/src/api/events'
import { inboxQuery, invalidateAfter } from '../../src/renderer/src/api/queries'
import type { Inbox } from '../../src/shared/contract/inbox'
import type { JobScope } from '../../src/shared/contract/scope'
import { emptyScopeBody, provider } from '../support/fixtures'
import { useJob, useTestNode } from '../support/node'
import { useWindowOverHttp } from './window-over-http'

/*
 * A scope can be megabytes: an open inbox (get_inbox, with its scope) is read again once when its
 * scope is saved, whether this window saved it (the save's own answer and the inbox_changed event it
 * causes are one change) or another window or a script did.
 */

const node = useTestNode({ setup: (n) => n.post('/v2/add_llm_provider', provider('p1')).then(() => undefined) })
const win = useWindowOverHttp(node)
const job = useJob(node, 'p1')
let unobserve = () => {}
afterEach(() => unobserve())

const scopeWith = (name: string): JobScope => ({
  ...emptyScopeBody(),
  vector_fs_folders: [{ name, path: { path_ids: [name] } }]
})

/** The inbox open in the window, its get_inbox requests counted. */
async function openInbox() {
  const inboxId = `job_inbox::${job.id}::false`
  let reads = 0
  const counting = {
    ...win.client,
    call: ((name, options) => {
      if (name === 'get_inbox') reads++
      return win.client.call(name, options)
    }) as Client['call']
  }
  const observer = new QueryObserver<Inbox | null>(win.qc, inboxQuery(counting, inboxId))
  unobserve = observer.subscribe(() => {})
  await expect.poll(() => observer.getCurrentResult().data?.inbox_id).toBe(inboxId)
  // The window's event stream is open once a change made elsewhere shows in it.
  await node.post('/v2/update_smart_inbox_name', { inbox_name: inboxId, custom_name: 'probe' })
  await expect.poll(() => observer.getCurrentResult().data?.custom_name).toBe('probe')
  reads = 0
  return {
    reads: () => reads,
    scope: () => observer.getCurrentResult().data?.job_scope
  }
}

/** Long enough for an event's batch and any read it starts to be over. */
const settle = () => new Promise((r) => setTimeout(r, EVENT_BATCH_MS * 6))

it('a scope saved in this window: the open inbox is read at most once, and shows the saved scope', async () => {
  const open = await openInbox()
  const body = { job_id: job.id, job_scope: scopeWith('Saved here') }
  // What the window's save does (useRouteMutation): the call, then what it changed.
  await win.client.call('update_job_scope', { body })
  await invalidateAfter(win.qc, 'update_job_scope', body)
  // Shown at once, as sent (the node stores it so), without waiting for a read.
  expect(open.scope()).toEqual(body.job_scope)
  await settle()
  await expect.poll(() => win.qc.isFetching()).toBe(0)
  expect(open.reads()).toBeLessThanOrEqual(1)
  expect(open.scope()).toEqual(body.job_scope)
})

it('a scope saved by another window or a script: the open inbox is read once, with the new scope', async () => {
  const open = await openInbox()
  const scope = scopeWith('Saved elsewhere')
  await node.post('/v2/update_job_scope', { job_id: job.id, job_scope: scope })
  await expect.poll(open.scope).toEqual(scope)
  await settle()
  await expect.poll(() => win.qc.isFetching()).toBe(0)
  expect(open.reads()).toBe(1)
})
