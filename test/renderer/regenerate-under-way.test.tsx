// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { beforeEach, expect, it } from 'vitest'
import type { Transport } from '../../src/renderer/src/api/transport'
import { useRegenerations } from '../../src/renderer/src/stores/regenerations'
import type { LastMessage } from '../../src/shared/contract/message'
import { createJob } from '../support/node'
import { useAnsweringNode } from './answering-node'
import { layOutLists } from './list-layout'

/*
 * The node answers every retry_message it accepts, one answer each: two Regenerate clicks while the
 * first regeneration is being answered would queue two new answers for one wish. The window does not
 * offer the second one: Regenerate is greyed, does nothing, and says why, until the new answer is
 * stored. Real node (router and event bus in process).
 */

layOutLists()
const answering = useAnsweringNode()
const { node } = answering
let retries: number

beforeEach(() => useRegenerations.setState({ asked: {} }))

/**
 * How long a wait here gives the node to answer and the window to show it: the runtime, the stand-in
 * provider over loopback, storing, and the event's render, ~1 s of work alone. A loaded machine (load
 * 15 on 2 cores) took over Testing Library's 5 s; a wait returns as soon as its condition holds.
 */
const ANSWERED = { timeout: 20_000 }

async function answersIn(inbox: string): Promise<string[]> {
  const page = (await node.post('/v2/last_messages', { inbox_name: inbox, limit: 50 })).body as LastMessage[]
  return page.filter((m) => m.job_message.parent).map((m) => m.job_message.content)
}

it('Regenerate while the regenerated answer is being written: not offered (it says why), and offered again once it is stored', async () => {
  const { inbox } = await answeredConversation(countingRetries)

  // The new answer's words stream, and it ends only once the looks and clicks below are done: a
  // fixed pause between its words raced them, and a loaded machine could store it first.
  let finish = () => {}
  const finished = new Promise<void>((r) => (finish = r))
  answering.fake.behaviour = { type: 'keepalive', chunks: ['Second', ' answer.'], everyMs: 100, until: finished }
  const regenerate = () => screen.getByRole('button', { name: 'Regenerate' })
  fireEvent.click(regenerate())
  await screen.findByTestId('streaming-answer', {}, ANSWERED)
  expect(regenerate().getAttribute('aria-disabled')).toBe('true')
  expect(regenerate().getAttribute('title')).toMatch(/being written/)
  fireEvent.click(regenerate())
  fireEvent.click(regenerate())
  finish()

  await waitFor(() => expect(screen.getByTestId('answer-position').textContent).toBe('2/2'), ANSWERED)
  expect(await answersIn(inbox)).toEqual(['First answer.', 'Second answer.'])
  expect(retries).toBe(1)
  // Stored: offered again, and a click gives a third answer.
  await waitFor(() => expect(regenerate().getAttribute('aria-disabled')).toBeNull(), ANSWERED)
  expect(regenerate().getAttribute('title')).toBe('Regenerate')
  answering.fake.behaviour = { type: 'reply', chunks: ['Third answer.'] }
  fireEvent.click(regenerate())
  await waitFor(() => expect(screen.getByTestId('answer-position').textContent).toBe('3/3'), ANSWERED)
  expect(retries).toBe(2)
})

it('a double click on Regenerate asks the node once: one new answer, not two', async () => {
  const { inbox } = await answeredConversation(countingRetries)

  answering.fake.behaviour = { type: 'reply', chunks: ['Second answer.'] }
  // The same button twice, with nothing awaited between: the node answers each retry it accepts.
  const button = screen.getByRole('button', { name: 'Regenerate' })
  fireEvent.click(button)
  fireEvent.click(button)
  await waitFor(() => expect(screen.getByTestId('answer-position').textContent).toBe('2/2'), ANSWERED)
  await new Promise((r) => setTimeout(r, 500))
  expect(await answersIn(inbox)).toEqual(['First answer.', 'Second answer.'])
  expect(retries).toBe(1)
})

/** A conversation whose question has its first answer, shown in an InboxView over `transport`. */
async function answeredConversation(
  transport: (route: (req: Parameters<Transport['request']>[0]) => ReturnType<Transport['request']>) => Transport
) {
  const jobId = await createJob(node, 'p1')
  const inbox = `job_inbox::${jobId}::false`
  answering.fake.behaviour = { type: 'reply', chunks: ['First answer.'] }
  await node.post('/v2/job_message', { job_id: jobId, content: 'Name a colour' })
  await waitFor(async () => expect(await answersIn(inbox)).toEqual(['First answer.']), ANSWERED)
  const view = answering.show(
    inbox,
    transport((req) => node.router.handle(req))
  )
  await screen.findByText('First answer.', {}, ANSWERED)
  return { inbox, view }
}

/** The node's own routes, counting the retry_message requests the window sends (in `retries`). */
const countingRetries = (route: (req: Parameters<Transport['request']>[0]) => ReturnType<Transport['request']>): Transport => {
  retries = 0
  return {
    kind: 'ipc',
    request: (req) => {
      if (req.path === '/v2/retry_message') retries++
      return route(req)
    },
    onEvent: (listener) => node.ctx.bus.subscribe(listener)
  }
}

const regenerateButton = () => screen.getByRole('button', { name: 'Regenerate' })

it('Regenerate, then another conversation before the node replied: back in it, the regeneration is still under way and not offered again', async () => {
  let replied = () => {}
  const retryReplied = new Promise<void>((done) => (replied = done))
  const { view } = await answeredConversation((route) => ({
    kind: 'ipc',
    request: async (req) => {
      if (req.path !== '/v2/retry_message') return route(req)
      // The node is slow to take it: the operator has left the conversation by then.
      await new Promise((r) => setTimeout(r, 300))
      const res = await route(req)
      replied()
      return res
    },
    onEvent: (listener) => node.ctx.bus.subscribe(listener)
  }))
  // The new answer's words come late, after the operator is back (once the looks below are done).
  let begin = () => {}
  const begun = new Promise<void>((r) => (begin = r))
  answering.fake.behaviour = { type: 'reply', chunks: ['Second', ' answer.'], after: begun }
  fireEvent.click(regenerateButton())
  cleanup()
  await retryReplied
  view()
  await screen.findByText('First answer.', {}, ANSWERED)
  // At once, before the answer's first words: under way (not offered, and the conversation says an answer is coming).
  expect(regenerateButton().getAttribute('aria-disabled')).toBe('true')
  expect(regenerateButton().getAttribute('title')).toMatch(/being written/)
  expect(screen.queryByText('Second answer.')).toBeNull()
  expect(screen.getByText('Waiting for the provider…')).toBeTruthy()
  begin()
  await waitFor(() => expect(screen.getByTestId('answer-position').textContent).toBe('2/2'), ANSWERED)
  await waitFor(() => expect(regenerateButton().getAttribute('aria-disabled')).toBeNull(), ANSWERED)
  expect(useRegenerations.getState().asked).toEqual({})
})

it('a Regenerate the node refuses says so in a sentence and is offered again at once', async () => {
  const { inbox } = await answeredConversation((route) => ({
    kind: 'ipc',
    request: (req) =>
      req.path === '/v2/retry_message'
        ? Promise.resolve({ status: 503, body: { code: 503, error: 'Service Unavailable', message: 'node: shutting down' } })
        : route(req),
    onEvent: (listener) => node.ctx.bus.subscribe(listener)
  }))
  fireEvent.click(regenerateButton())
  await screen.findByText('The answer was not regenerated', {}, ANSWERED)
  expect(screen.getByText(/shutting down/)).toBeTruthy()
  await waitFor(() => expect(regenerateButton().getAttribute('aria-disabled')).toBeNull(), ANSWERED)
  expect(useRegenerations.getState().asked[inbox]).toBeUndefined()
  expect(await answersIn(inbox)).toEqual(['First answer.'])
})

it('a Regenerate whose answer is stored after the operator left the conversation is over: back in it, Regenerate is offered', async () => {
  const { inbox, view } = await answeredConversation((route) => ({
    kind: 'ipc',
    request: route,
    onEvent: (listener) => node.ctx.bus.subscribe(listener)
  }))
  answering.fake.behaviour = { type: 'reply', chunks: ['Second answer.'], delayMs: 300 }
  fireEvent.click(regenerateButton())
  cleanup()
  await waitFor(async () => expect(await answersIn(inbox)).toEqual(['First answer.', 'Second answer.']), ANSWERED)
  // Its event came with no view of the conversation: the regeneration is no longer counted as under way.
  await waitFor(() => expect(useRegenerations.getState().asked[inbox]).toBeUndefined(), ANSWERED)
  view()
  await screen.findByText('Second answer.', {}, ANSWERED)
  expect(regenerateButton().getAttribute('aria-disabled')).toBeNull()
})

it('the answers’ ‹ n/m › buttons: at either end the focus goes to the other button, not to the page (the one pressed is disabled there)', async () => {
  await answeredConversation((route) => ({ kind: 'ipc', request: route, onEvent: (listener) => node.ctx.bus.subscribe(listener) }))
  answering.fake.behaviour = { type: 'reply', chunks: ['Second answer.'] }
  fireEvent.click(regenerateButton())
  await waitFor(() => expect(screen.getByTestId('answer-position').textContent).toBe('2/2'), ANSWERED)
  const earlier = screen.getByRole('button', { name: 'Earlier answer' })
  const later = screen.getByRole('button', { name: 'Later answer' })
  act(() => earlier.focus())
  fireEvent.click(earlier)
  await waitFor(() => expect(screen.getByTestId('answer-position').textContent).toBe('1/2'), ANSWERED)
  expect(screen.getByText('First answer.')).toBeTruthy()
  expect(earlier.hasAttribute('disabled')).toBe(true)
  expect(document.activeElement).toBe(later)
  fireEvent.click(later)
  await waitFor(() => expect(screen.getByTestId('answer-position').textContent).toBe('2/2'), ANSWERED)
  expect(document.activeElement).toBe(earlier)
})

it('a Retry of a failed answer that the node refuses says the answer was not tried again, not that it was not regenerated', async () => {
  const jobId = await createJob(node, 'p1')
  const inbox = `job_inbox::${jobId}::false`
  answering.fake.behaviour = { type: 'status', status: 500, body: { error: { message: 'boom' } } }
  await node.post('/v2/job_message', { job_id: jobId, content: 'Name a colour' })
  await waitFor(async () => expect((await answersIn(inbox)).length).toBe(1), ANSWERED)
  answering.show(inbox, {
    kind: 'ipc',
    request: (req) =>
      req.path === '/v2/retry_message'
        ? Promise.resolve({ status: 503, body: { code: 503, error: 'Service Unavailable', message: 'node: shutting down' } })
        : node.router.handle(req),
    onEvent: (listener) => node.ctx.bus.subscribe(listener)
  })
  fireEvent.click(await screen.findByRole('button', { name: 'Retry' }, ANSWERED))
  await screen.findByText('The answer was not tried again', {}, ANSWERED)
  expect(screen.queryByText('The answer was not regenerated')).toBeNull()
  expect(screen.getByText(/shutting down/)).toBeTruthy()
})
