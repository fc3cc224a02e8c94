// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { connectEvents } from '../../src/renderer/src/api/events'
import { objectBridgeTransport, type ObjectBridge } from './object-bridge'
import { draftedInboxes, draftOf, forgetDraft, keepDraft } from '../../src/renderer/src/stores/drafts'
import { addProvider, createJob, useTestNode } from '../support/node'
import { waitFor } from '@testing-library/react'

/*
 * A conversation removed while the window's event stream was down: its inbox_changed went unheard, and
 * its draft stayed in the tab until the 200-draft cap dropped it. The stream's recovery finds it gone.
 * Real in-process node behind the window's transport; the break is the transport's own resume signal.
 */

const node = useTestNode({ setup: (n) => addProvider(n, 'gpt') })
let disconnect = () => {}
afterEach(() => disconnect())
// Each test's drafts alone (the tab's storage outlives a test).
beforeEach(() => draftedInboxes().forEach(forgetDraft))

/** The window's events over `request`; returns the stream's "back after a break". */
function connect(request: ObjectBridge['request']) {
  let resumed = () => {}
  disconnect = connectEvents(
    objectBridgeTransport({
      request,
      onEvent: (_listener, onResumed) => {
        resumed = onResumed ?? (() => {})
        return () => {}
      }
    }),
    new QueryClient({ defaultOptions: { queries: { retry: false } } })
  )
  return resumed
}

const storedFor = (inbox: string) => Object.keys(sessionStorage).filter((k) => k.includes(inbox))

it("back after a break, the draft of a conversation removed meanwhile goes; the others' stay", async () => {
  const removed = await createJob(node, 'gpt')
  const kept = await createJob(node, 'gpt')
  const removedInbox = `job_inbox::${removed}::false`
  const keptInbox = `job_inbox::${kept}::false`
  keepDraft(removedInbox, 'When does the lease')
  keepDraft(keptInbox, 'Is the budget')
  let asked = 0
  const resumed = connect(async (req) => {
    const res = await node.router.handle(req)
    if (req.path.endsWith('/last_messages')) asked++
    return res
  })
  // The window's check at start is over (both there then), before the conversation is removed unheard.
  await waitFor(() => expect(asked).toBe(2))
  // Removed while the window heard nothing.
  expect((await node.post('/v2/remove_job', { job_id: removed })).status).toBe(200)
  expect(draftOf(removedInbox)).toBe('When does the lease')

  resumed()
  await waitFor(() => expect(draftOf(removedInbox)).toBe(''))
  expect(storedFor(removedInbox)).toEqual([])
  expect(draftOf(keptInbox)).toBe('Is the budget')
  expect(storedFor(keptInbox)).toHaveLength(1)
})

it('a node that cannot answer (down again) keeps every draft', async () => {
  const job = await createJob(node, 'gpt')
  const inbox = `job_inbox::${job}::false`
  keepDraft(inbox, 'Written while the node was away')
  let asked = 0
  const resumed = connect(() => {
    asked++
    return Promise.resolve({ status: 503, body: { code: 503, error: 'Service Unavailable', message: 'The node is starting.' } })
  })
  resumed()
  await waitFor(() => expect(asked).toBeGreaterThan(0))
  await new Promise((r) => setTimeout(r, 50))
  expect(draftOf(inbox)).toBe('Written while the node was away')
})

it('the desktop window, as it starts: the draft of a conversation removed while it was closed goes, once asked', async () => {
  const removed = await createJob(node, 'gpt')
  const kept = await createJob(node, 'gpt')
  const removedInbox = `job_inbox::${removed}::false`
  const keptInbox = `job_inbox::${kept}::false`
  // Written in an earlier session of the window (drafts outlive it), then the conversation removed while it was closed.
  keepDraft(removedInbox, 'Before the window closed')
  keepDraft(keptInbox, 'Still wanted')
  expect((await node.post('/v2/remove_job', { job_id: removed })).status).toBe(200)

  // The IPC transport reports no resumption at start: events are heard from the subscription on.
  const asked: unknown[] = []
  connect(async (req) => {
    if (req.path.endsWith('/last_messages')) asked.push((req.body as { inbox_name: string }).inbox_name)
    return node.router.handle(req)
  })
  await waitFor(() => expect(draftOf(removedInbox)).toBe(''))
  expect(storedFor(removedInbox)).toEqual([])
  expect(draftOf(keptInbox)).toBe('Still wanted')
  await new Promise((r) => setTimeout(r, 50))
  // Once each, only the conversations with a draft.
  expect(asked.sort()).toEqual([removedInbox, keptInbox].sort())
})
