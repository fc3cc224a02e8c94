// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { connectEvents } from '../../src/renderer/src/api/events'
import type { Transport } from '../../src/renderer/src/api/transport'
import { InboxView } from '../../src/renderer/src/features/inboxes/InboxView'
import { useAnswerPauses } from '../../src/renderer/src/stores/answer-pauses'
import { useStreaming } from '../../src/renderer/src/stores/streaming'
import type { LastMessage } from '../../src/shared/contract/message'
import { startFakeLlm, type FakeLlm } from '../support/fake-llm'
import { addProvider, createJob, useTestNode } from '../support/node'
import { layOutLists } from './list-layout'
import { renderWithApp } from './render'

/*
 * A question sent while the one before it is answered waits in the node's queue, and is stored before
 * that answer: once the answer is stored, the newest message is an answer although a question still
 * waits. The conversation went on showing nothing of the wait, and its delete confirmation did not say
 * deleting cancels it. Real node (router, runtime and event bus in process), a provider held by the test.
 */

layOutLists()
const node = useTestNode({ runtime: {} })
let fake: FakeLlm
let qc: QueryClient
let disconnect = () => {}

beforeEach(async () => {
  useStreaming.setState({ partial: {}, watched: {} })
  useAnswerPauses.setState({ pauses: {} })
  fake = await startFakeLlm()
  await addProvider(node, 'p1', { external_url: fake.url, api_key: 'k' })
  // happy-dom has no document.fonts, which the composer's auto-sizing textarea listens to.
  if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true })
})
afterEach(async () => {
  vi.useRealTimers()
  cleanup()
  disconnect()
  qc.clear()
  await fake.close()
})

const held = () => {
  let release = () => {}
  const after = new Promise<void>((r) => (release = r))
  return { after, release }
}

it('a question queued behind an answer: once that answer is stored, the conversation shows the wait and its delete confirmation warns', async () => {
  const first = held()
  const second = held()
  fake.queue.push(
    { type: 'reply', chunks: ['First answer.'], after: first.after },
    { type: 'reply', chunks: ['Second answer.'], after: second.after }
  )
  const jobId = await createJob(node, 'p1')
  const inbox = `job_inbox::${jobId}::false`
  await node.post('/v2/job_message', { job_id: jobId, content: 'First question' })
  await waitFor(() => expect(fake.concurrency.now).toBe(1))
  await node.post('/v2/job_message', { job_id: jobId, content: 'Second question' })

  const transport: Transport = {
    kind: 'ipc',
    request: (req) => node.router.handle(req),
    onEvent: (listener) => node.ctx.bus.subscribe(listener)
  }
  qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })
  disconnect = connectEvents(transport, qc)
  renderWithApp(<InboxView inboxId={inbox} />, transport, { queryClient: qc })
  await screen.findByText('Second question', {}, { timeout: 10_000 })

  // The first answer stored; the second question now at the provider, not a word of its answer come.
  first.release()
  await screen.findByText('First answer.', {}, { timeout: 10_000 })
  await waitFor(() => expect(fake.requests.filter((r) => r.method === 'POST')).toHaveLength(2))
  const stored = (await node.post('/v2/last_messages', { inbox_name: inbox })).body as LastMessage[]
  expect(stored.map((m) => m.job_message.content)).toEqual(['First question', 'Second question', 'First answer.'])
  await screen.findByText('Waiting for the provider…')

  fireEvent.click(screen.getByRole('button', { name: 'Conversation actions' }))
  fireEvent.click(await screen.findByRole('menuitem', { name: /Delete/ }))
  const dialog = await screen.findByRole('dialog', { name: 'Delete “First question”?' })
  await waitFor(() =>
    expect(within(dialog).getByTestId('delete-stops-answers').textContent).toBe(
      '“First question” still waits for an answer: deleting cancels it.'
    )
  )
  fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

  // Answered: the wait is over.
  second.release()
  await screen.findByText('Second answer.', {}, { timeout: 10_000 })
  await waitFor(() => expect(screen.queryByText('Waiting for the provider…')).toBeNull())
})

// The time waited counted from when the view was shown: another conversation opened and back began it at 0.
it('the time waited goes on when the conversation is shown again, from when the answer before the question was stored', async () => {
  const first = held()
  const second = held()
  fake.queue.push(
    { type: 'reply', chunks: ['First answer.'], after: first.after },
    { type: 'reply', chunks: ['Second answer.'], after: second.after }
  )
  const jobId = await createJob(node, 'p1')
  const inbox = `job_inbox::${jobId}::false`
  await node.post('/v2/job_message', { job_id: jobId, content: 'First question' })
  await waitFor(() => expect(fake.concurrency.now).toBe(1))
  await node.post('/v2/job_message', { job_id: jobId, content: 'Second question' })

  const transport: Transport = {
    kind: 'ipc',
    request: (req) => node.router.handle(req),
    onEvent: (listener) => node.ctx.bus.subscribe(listener)
  }
  qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })
  disconnect = connectEvents(transport, qc)
  const view = <InboxView inboxId={inbox} />
  renderWithApp(view, transport, { queryClient: qc })
  await screen.findByText('Second question', {}, { timeout: 10_000 })
  first.release()
  await screen.findByText('First answer.', {}, { timeout: 10_000 })
  await screen.findByText('Waiting for the provider…')
  expect(screen.queryByTestId('waited')).toBeNull()

  // Another conversation opened, and this one again 20 s later (the view's clock moved on; the node's
  // timestamps, stored by its own, stay where they were).
  cleanup()
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true })
  vi.setSystemTime(Date.now() + 20_000)
  renderWithApp(view, transport, { queryClient: qc })
  await screen.findByText('Waiting for the provider…')
  expect(screen.getByTestId('waited').textContent).toMatch(/^2\d s$/)

  second.release()
  await screen.findByText('Second answer.', {}, { timeout: 10_000 })
})
