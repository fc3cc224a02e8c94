// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { hrefOf, navigate } from '../../src/renderer/src/app/router'
import { InboxSidePanel } from '../../src/renderer/src/features/inboxes/InboxSidePanel'
import { addProvider, useJob, useTestNode } from '../support/node'
import { renderWithApp, routerTransport } from './render'
import { setWindowWidth } from './window-width'

/*
 * The Job config dialog with a system prompt being written, opened from a conversation's Details: the
 * operator pressed Alt+Up/Down (another conversation) or Back, the dialog closed as a cancel and what was
 * typed was gone without a word. Other pages with changes not saved ask "Leave without saving?" first;
 * the dialog asks the same now: Stay keeps the dialog and the text, Leave goes on. Real node.
 */

beforeEach(() => setWindowWidth(1600))
// happy-dom has no document.fonts, which the prompt's auto-sizing textarea listens to.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true })

const node = useTestNode({ setup: (n) => addProvider(n, 'gpt') })
const job = useJob(node, 'gpt')
afterEach(() => {
  cleanup()
  window.location.hash = ''
})

const leaveQuestion = () => screen.queryByRole('dialog', { name: 'Leave without saving?' })
const hashChanged = () => new Promise<void>((resolve) => window.addEventListener('hashchange', () => resolve(), { once: true }))

it('another conversation opened with the config changed asks first: Stay keeps the dialog and the text, Leave goes', async () => {
  const inbox = await job.inbox()
  const own = hrefOf({ name: 'inbox', inboxId: inbox.inbox_id })
  const arrived = hashChanged()
  window.location.hash = own
  await arrived
  renderWithApp(<InboxSidePanel jobId={job.id} inbox={inbox} />, routerTransport(node.router))

  // Unchanged, the dialog open: the next conversation opens at once (Alt+Down), nothing asked.
  await userEvent.click(screen.getByRole('button', { name: 'Edit config' }))
  await screen.findByRole('dialog', { name: 'Job config' })
  const away = hashChanged()
  navigate({ name: 'inbox', inboxId: 'next-one' })
  await away
  expect(leaveQuestion()).toBeNull()
  const back = hashChanged()
  window.location.hash = own
  await back

  const dialog = within(await screen.findByRole('dialog', { name: 'Job config' }))
  const prompt = dialog.getByLabelText<HTMLTextAreaElement>('System prompt')
  await userEvent.clear(prompt)
  await userEvent.type(prompt, 'Answer in French, briefly.')

  // Alt+Down: asked; Stay keeps the conversation, the dialog and what was typed.
  navigate({ name: 'inbox', inboxId: 'next-one' })
  const asked = within(await screen.findByRole('dialog', { name: 'Leave without saving?' }))
  expect(asked.getByText('Your changes to the job config are not saved. If you leave this conversation, they are lost.')).toBeTruthy()
  await userEvent.click(asked.getByRole('button', { name: 'Stay' }))
  await waitFor(() => expect(leaveQuestion()).toBeNull())
  expect(window.location.hash).toBe(own)
  expect(screen.getByRole('dialog', { name: 'Job config' })).toBeTruthy()
  expect(prompt.value).toBe('Answer in French, briefly.')

  // The address changed by other means (Back, an address typed): asked too, and Stay comes back here.
  window.location.hash = '#/inboxes/typed-one'
  await userEvent.click(within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', { name: 'Stay' }))
  await waitFor(() => expect(leaveQuestion()).toBeNull())
  await waitFor(() => expect(window.location.hash).toBe(own))
  expect(prompt.value).toBe('Answer in French, briefly.')

  // Asked again: Leave goes to the other conversation.
  navigate({ name: 'inbox', inboxId: 'next-one' })
  const left = hashChanged()
  await userEvent.click(within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', { name: 'Leave' }))
  await left
  expect(window.location.hash).toBe(hrefOf({ name: 'inbox', inboxId: 'next-one' }))
})
