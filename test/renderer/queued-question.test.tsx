// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { expect, it, vi } from 'vitest'
import type { LastMessage } from '../../src/shared/contract/message'
import { createJob } from '../support/node'
import { useAnsweringNode } from './answering-node'
import { layOutLists } from './list-layout'

/*
 * A question sent while the one before it is answered waits in the node's queue, and is stored before
 * that answer: once the answer is stored, the newest message is an answer although a question still
 * waits. The conversation went on showing nothing of the wait, and its delete confirmation did not say
 * deleting cancels it. Real node (router, runtime and event bus in process), a provider held by the test.
 */

layOutLists()
const answering = useAnsweringNode()
const { node } = answering

const held = () => {
  let release = () => {}
  const after = new Promise<void>((r) => (release = r))
  return { after, release }
}

/**
 * Two questions, the second sent while the provider holds the first's answer (each released by the
 * test), the conversation shown with both.
 */
async function queuedBehindHeldAnswer() {
  const first = held()
  const second = held()
  answering.fake.queue.push(
    { type: 'reply', chunks: ['First answer.'], after: first.after },
    { type: 'reply', chunks: ['Second answer.'], after: second.after }
  )
  const jobId = await createJob(node, 'p1')
  const inbox = `job_inbox::${jobId}::false`
  await node.post('/v2/job_message', { job_id: jobId, content: 'First question' })
  await waitFor(() => expect(answering.fake.concurrency.now).toBe(1))
  await node.post('/v2/job_message', { job_id: jobId, content: 'Second question' })
  const view = answering.show(inbox)
  await screen.findByText('Second question', {}, { timeout: 10_000 })
  return { first, second, inbox, view }
}

it('a question queued behind an answer: once that answer is stored, the conversation shows the wait and its delete confirmation warns', async () => {
  const { first, second, inbox } = await queuedBehindHeldAnswer()

  // The first answer stored; the second question now at the provider, not a word of its answer come.
  first.release()
  await screen.findByText('First answer.', {}, { timeout: 10_000 })
  await waitFor(() => expect(answering.fake.requests.filter((r) => r.method === 'POST')).toHaveLength(2))
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
  const { first, second, view } = await queuedBehindHeldAnswer()
  first.release()
  await screen.findByText('First answer.', {}, { timeout: 10_000 })
  await screen.findByText('Waiting for the provider…')
  expect(screen.queryByTestId('waited')).toBeNull()

  // Another conversation opened, and this one again 20 s later (the view's clock moved on; the node's
  // timestamps, stored by its own, stay where they were).
  cleanup()
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true })
  vi.setSystemTime(Date.now() + 20_000)
  view()
  await screen.findByText('Waiting for the provider…')
  expect(screen.getByTestId('waited').textContent).toMatch(/^2\d s$/)

  second.release()
  await screen.findByText('Second answer.', {}, { timeout: 10_000 })
})
