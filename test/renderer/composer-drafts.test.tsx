// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { notifications } from '@mantine/notifications'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { navigate, useRoute } from '../../src/renderer/src/app/router'
import type { Transport } from '../../src/renderer/src/api/transport'
import { InboxView } from '../../src/renderer/src/features/inboxes/InboxView'
import { draftOf, keepDraft } from '../../src/renderer/src/stores/drafts'
import { useLayoutPrefs } from '../../src/renderer/src/stores/layout-prefs'
import { addProvider, createJob, useTestNode } from '../support/node'
import { layOutLists } from './list-layout'
import { setWindowWidth } from './window-width'
import { renderWithApp, routerTransport } from './render'

/*
 * The conversation view is made anew for each inbox (as the app shows it, keyed by the route): a
 * message half written in one conversation stays there when the operator opens another from the list
 * beside it and comes back. Real in-process node.
 */

layOutLists({ clientHeight: 600, clientWidth: 240 })
const node = useTestNode({ setup: (n) => addProvider(n, 'gpt') })
let first: string
let second: string

beforeEach(async () => {
  // happy-dom has no document.fonts, which the composer's auto-sizing textarea listens to.
  if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true })
  useLayoutPrefs.setState({ conversationsOpen: true })
  // A wide window: the conversation list is beside the conversation (happy-dom applies Mantine's media queries).
  setWindowWidth(1400)
  first = `job_inbox::${await createJob(node, 'gpt')}::false`
  second = `job_inbox::${await createJob(node, 'gpt')}::false`
  await node.post('/v2/update_smart_inbox_name', { inbox_name: first, custom_name: 'Lease talk' })
  await node.post('/v2/update_smart_inbox_name', { inbox_name: second, custom_name: 'Budget talk' })
  window.location.hash = ''
})
// A 'Not sent' notice stays until dismissed, in the notifications' store, which outlives a render.
afterEach(() => {
  cleanup()
  notifications.clean()
})

/** The conversation screen as the app shows it: one view per inbox, made anew when the route names another. */
function Screen() {
  const route = useRoute()
  return route.name === 'inbox' ? <InboxView key={route.inboxId} inboxId={route.inboxId} /> : null
}

const box = () => screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'Message' })
async function openFromList(name: string) {
  const list = await screen.findByTestId('conversation-list')
  fireEvent.click(await within(list).findByRole('link', { name }))
  await screen.findByRole('heading', { name })
}

it('a half-written message stays with its conversation when another is opened from the list and this one again', async () => {
  act(() => navigate({ name: 'inbox', inboxId: first }))
  renderWithApp(<Screen />, routerTransport(node.router))
  await screen.findByRole('heading', { name: 'Lease talk' })
  fireEvent.change(await box(), { target: { value: 'When does the lease' } })

  await openFromList('Budget talk')
  expect((await box()).value).toBe('')
  fireEvent.change(await box(), { target: { value: 'Is the budget' } })

  await openFromList('Lease talk')
  expect((await box()).value).toBe('When does the lease')
  await openFromList('Budget talk')
  expect((await box()).value).toBe('Is the budget')
})

it('a sent message leaves no draft; one the node refused goes back to its conversation, even when another was opened meanwhile', async () => {
  const real = routerTransport(node.router)
  let refuse = false
  let release = () => {}
  const transport: Transport = {
    ...real,
    request: async (req) => {
      if (req.path !== '/v2/job_message' || !refuse) return real.request(req)
      await new Promise<void>((r) => (release = r))
      return { status: 503, body: { code: 503, error: 'Service Unavailable', message: 'The node is busy.' } }
    }
  }
  act(() => navigate({ name: 'inbox', inboxId: first }))
  renderWithApp(<Screen />, transport)
  await screen.findByRole('heading', { name: 'Lease talk' })

  fireEvent.change(await box(), { target: { value: 'Sent for good' } })
  fireEvent.keyDown(await box(), { key: 'Enter' })
  await waitFor(async () => expect(((await node.post('/v2/last_messages', { inbox_name: first })).body as unknown[]).length).toBe(1))
  await openFromList('Budget talk')
  await openFromList('Lease talk')
  expect((await box()).value).toBe('')

  refuse = true
  fireEvent.change(await box(), { target: { value: 'Refused by the node' } })
  fireEvent.keyDown(await box(), { key: 'Enter' })
  await waitFor(async () => expect((await box()).value).toBe(''))
  await openFromList('Budget talk')
  act(() => release())
  await screen.findByText('Not sent')
  expect((await box()).value).toBe('')
  await openFromList('Lease talk')
  expect((await box()).value).toBe('Refused by the node')
})

/**
 * "Lease talk" open, a message sent whose send reaches the node only after the conversation was
 * removed (another window, a script) and the window missed the event (its stream was down): the node
 * answers 404, no such job. `meanwhile` runs while the send is on its way.
 */
async function sendToRemovedConversation(meanwhile: () => Promise<void> = async () => {}) {
  const real = routerTransport(node.router)
  let release = () => {}
  const transport: Transport = {
    ...real,
    request: async (req) => {
      if (req.path === '/v2/job_message') await new Promise<void>((r) => (release = r))
      return real.request(req)
    }
  }
  act(() => navigate({ name: 'inbox', inboxId: first }))
  renderWithApp(<Screen />, transport)
  await screen.findByRole('heading', { name: 'Lease talk' })
  fireEvent.change(await box(), { target: { value: 'Is the lease still on?' } })
  fireEvent.keyDown(await box(), { key: 'Enter' })
  await waitFor(async () => expect((await box()).value).toBe(''))
  await meanwhile()
  expect((await node.post('/v2/remove_job', { job_id: first.split('::')[1] })).status).toBe(200)
  act(() => release())
  await screen.findByText('This conversation was deleted')
}

it('a send that fails because the conversation was deleted meanwhile keeps no draft for it, and the view says it was deleted', async () => {
  await sendToRemovedConversation()
  expect(await screen.findByText('This conversation was deleted, so the message was not sent.')).toBeTruthy()
  // What was typed is not lost: the notice shows it, with a way to copy it.
  expect((await screen.findByTestId('unsent-text')).textContent).toBe('Is the lease still on?')
  expect(screen.getByRole('button', { name: 'Copy the message' })).toBeTruthy()
  expect(draftOf(first)).toBe('')
  expect(Object.keys(sessionStorage).filter((k) => k.includes(first))).toEqual([])
})

it('opening a conversation the node no longer has (removed while the window heard nothing) drops its draft', async () => {
  keepDraft(second, 'Is the budget')
  expect((await node.post('/v2/remove_job', { job_id: second.split('::')[1] })).status).toBe(200)
  act(() => navigate({ name: 'inbox', inboxId: second }))
  renderWithApp(<Screen />, routerTransport(node.router))
  await screen.findByText('No such inbox')
  expect(draftOf(second)).toBe('')
  expect(Object.keys(sessionStorage).filter((k) => k.includes(second))).toEqual([])
})

it('what was typed while the failed send was under way is not lost with the deleted conversation either: the notice keeps it too', async () => {
  // The next message, begun while the first is on its way.
  await sendToRemovedConversation(async () => {
    fireEvent.change(await box(), { target: { value: 'And when is the deposit due?' } })
  })
  expect((await screen.findByTestId('unsent-text')).textContent).toBe('Is the lease still on?\n\nAnd when is the deposit due?')
  expect(draftOf(first)).toBe('')
})

it('a message refused after the operator left its conversation and came back is back in the box shown, not only in a draft that the next key overwrote', async () => {
  const real = routerTransport(node.router)
  let release = () => {}
  const transport: Transport = {
    ...real,
    request: async (req) => {
      if (req.path !== '/v2/job_message') return real.request(req)
      await new Promise<void>((r) => (release = r))
      return { status: 503, body: { code: 503, error: 'Service Unavailable', message: 'The node is busy.' } }
    }
  }
  act(() => navigate({ name: 'inbox', inboxId: first }))
  renderWithApp(<Screen />, transport)
  await screen.findByRole('heading', { name: 'Lease talk' })
  fireEvent.change(await box(), { target: { value: 'Refused by the node' } })
  fireEvent.keyDown(await box(), { key: 'Enter' })
  await waitFor(async () => expect((await box()).value).toBe(''))
  // Away and back while the send is under way: this box is a new one.
  await openFromList('Budget talk')
  await openFromList('Lease talk')
  act(() => release())
  // The box shown says it was not sent and holds the message again.
  expect((await screen.findByTestId('unsent-note')).textContent).toMatch(/^Not sent: /)
  expect((await box()).value).toBe('Refused by the node')
  // The next key goes on after it; nothing is lost.
  fireEvent.change(await box(), { target: { value: 'Refused by the node!' } })
  expect(draftOf(first)).toBe('Refused by the node!')
})
