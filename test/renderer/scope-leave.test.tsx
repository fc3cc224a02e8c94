// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { hrefOf, navigate } from '../../src/renderer/src/app/router'
import { InboxSidePanel } from '../../src/renderer/src/features/inboxes/InboxSidePanel'
import { addProvider, useJob, useTestNode } from '../support/node'
import { layOutLists } from './list-layout'
import { renderWithApp, routerTransport } from './render'
import { setWindowWidth } from './window-width'

/*
 * The Edit scope dialog with picks changed, opened from a conversation's Details: the operator pressed
 * Alt+Up/Down (another conversation) or Back, the dialog closed as a cancel and the picks were gone
 * without a word. Job config asked "Leave without saving?" first; Edit scope asks the same now: Stay
 * keeps the dialog and the picks, Leave goes on. Nothing changed, nothing is asked. Real node.
 */

// The scope dialog's library tree is a virtual list: it draws the rows a list of this height shows.
layOutLists()
beforeEach(() => setWindowWidth(1600))

const node = useTestNode({
  setup: async (n) => {
    await addProvider(n, 'gpt')
    expect((await n.post('/v2/create_folder', { path: '/', folder_name: 'Leases' })).status).toBe(200)
  }
})
const job = useJob(node, 'gpt')
afterEach(() => {
  cleanup()
  window.location.hash = ''
})

const leaveQuestion = () => screen.queryByRole('dialog', { name: 'Leave without saving?' })
const hashChanged = () => new Promise<void>((resolve) => window.addEventListener('hashchange', () => resolve(), { once: true }))

it('another conversation opened with the picks changed asks first: Stay keeps the dialog and the picks, Leave goes', async () => {
  const inbox = await job.inbox()
  const own = hrefOf({ name: 'inbox', inboxId: inbox.inbox_id })
  const arrived = hashChanged()
  window.location.hash = own
  await arrived
  renderWithApp(<InboxSidePanel jobId={job.id} inbox={inbox} />, routerTransport(node.router))

  // Unchanged, the dialog open: the next conversation opens at once (Alt+Down), nothing asked.
  const edit = screen.getByRole('button', { name: 'Edit scope' })
  await waitFor(() => expect(edit.hasAttribute('disabled')).toBe(false))
  await userEvent.click(edit)
  await screen.findByRole('dialog', { name: 'Edit scope' })
  const away = hashChanged()
  navigate({ name: 'inbox', inboxId: 'next-one' })
  await away
  expect(leaveQuestion()).toBeNull()
  const back = hashChanged()
  window.location.hash = own
  await back

  const dialog = within(await screen.findByRole('dialog', { name: 'Edit scope' }))
  const leases = await dialog.findByRole<HTMLInputElement>('checkbox', { name: 'Leases' })
  await userEvent.click(leases)
  expect(leases.checked).toBe(true)
  const count = dialog.getByTestId('library-selection-count')
  expect(count.textContent).toBe('1 folder selected')

  // Alt+Down: asked; Stay keeps the conversation, the dialog and the pick.
  navigate({ name: 'inbox', inboxId: 'next-one' })
  const asked = within(await screen.findByRole('dialog', { name: 'Leave without saving?' }))
  expect(asked.getByText('Your changes to the scope are not saved. If you leave this conversation, they are lost.')).toBeTruthy()
  await userEvent.click(asked.getByRole('button', { name: 'Stay' }))
  await waitFor(() => expect(leaveQuestion()).toBeNull())
  expect(window.location.hash).toBe(own)
  expect(screen.getByRole('dialog', { name: 'Edit scope' })).toBeTruthy()
  expect(count.textContent).toBe('1 folder selected')

  // The address changed by other means (Back, an address typed): asked too, and Stay comes back here.
  window.location.hash = '#/inboxes/typed-one'
  await userEvent.click(within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', { name: 'Stay' }))
  await waitFor(() => expect(leaveQuestion()).toBeNull())
  await waitFor(() => expect(window.location.hash).toBe(own))
  expect(count.textContent).toBe('1 folder selected')

  // The pick taken back: nothing is changed any more, and leaving asks nothing.
  await userEvent.click(leases)
  expect(count.textContent).toBe('Nothing selected')
  const unchanged = hashChanged()
  navigate({ name: 'inbox', inboxId: 'other-one' })
  await unchanged
  expect(leaveQuestion()).toBeNull()
  const again = hashChanged()
  window.location.hash = own
  await again

  // Picked again and asked again: Leave goes to the other conversation.
  await userEvent.click(await within(await screen.findByRole('dialog', { name: 'Edit scope' })).findByRole('checkbox', { name: 'Leases' }))
  navigate({ name: 'inbox', inboxId: 'next-one' })
  const left = hashChanged()
  await userEvent.click(within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', { name: 'Leave' }))
  await left
  expect(window.location.hash).toBe(hrefOf({ name: 'inbox', inboxId: 'next-one' }))
})

/*
 * A network folder typed into Edit scope (Advanced: folders on other nodes) but not added: Escape and Cancel
 * asked to discard it, but Alt+Down or Back closed the dialog and dropped it without a word.
 */
it('another conversation opened with a network folder typed but not added asks first; cleared, nothing is asked', async () => {
  const inbox = await job.inbox()
  const own = hrefOf({ name: 'inbox', inboxId: inbox.inbox_id })
  const arrived = hashChanged()
  window.location.hash = own
  await arrived
  renderWithApp(<InboxSidePanel jobId={job.id} inbox={inbox} />, routerTransport(node.router))
  const edit = screen.getByRole('button', { name: 'Edit scope' })
  await waitFor(() => expect(edit.hasAttribute('disabled')).toBe(false))
  await userEvent.click(edit)
  const dialog = within(await screen.findByRole('dialog', { name: 'Edit scope' }))
  await userEvent.click(dialog.getByRole('button', { name: 'Advanced: folders on other nodes' }))
  const network = within(dialog.getByRole('region', { name: 'Folders on other nodes' }))
  const name = network.getByLabelText<HTMLInputElement>('Shared folder name', { exact: false, selector: 'input' })
  await userEvent.type(name, 'Shared')

  // Alt+Down: asked; Stay keeps the conversation, the dialog and the typing.
  navigate({ name: 'inbox', inboxId: 'next-one' })
  const asked = within(await screen.findByRole('dialog', { name: 'Leave without saving?' }))
  expect(asked.getByText('Your changes to the scope are not saved. If you leave this conversation, they are lost.')).toBeTruthy()
  await userEvent.click(asked.getByRole('button', { name: 'Stay' }))
  await waitFor(() => expect(leaveQuestion()).toBeNull())
  expect(window.location.hash).toBe(own)
  expect(screen.getByRole('dialog', { name: 'Edit scope' })).toBeTruthy()
  expect(name.value).toBe('Shared')

  // Back (the address changed by other means): asked too.
  window.location.hash = '#/inboxes/typed-one'
  await userEvent.click(within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', { name: 'Stay' }))
  await waitFor(() => expect(window.location.hash).toBe(own))
  expect(name.value).toBe('Shared')

  // The typing cleared: nothing would be lost, and leaving asks nothing.
  await userEvent.clear(name)
  const away = hashChanged()
  navigate({ name: 'inbox', inboxId: 'other-one' })
  await away
  expect(leaveQuestion()).toBeNull()
})

/*
 * A folder name typed into Edit scope's Path field, the focus still there, is taken only as the field is
 * left: Alt+Down (another conversation) took the dialog away with the focus in it, and the name was lost
 * without the question the other fields' typing asks.
 */
it('another conversation opened with a folder name typed into Path, the focus still there, asks first; Stay keeps the name', async () => {
  const inbox = await job.inbox()
  const own = hrefOf({ name: 'inbox', inboxId: inbox.inbox_id })
  const arrived = hashChanged()
  window.location.hash = own
  await arrived
  renderWithApp(<InboxSidePanel jobId={job.id} inbox={inbox} />, routerTransport(node.router))
  const edit = screen.getByRole('button', { name: 'Edit scope' })
  await waitFor(() => expect(edit.hasAttribute('disabled')).toBe(false))
  await userEvent.click(edit)
  const dialog = within(await screen.findByRole('dialog', { name: 'Edit scope' }))
  await userEvent.click(dialog.getByRole('button', { name: 'Advanced: folders on other nodes' }))
  const network = within(dialog.getByRole('region', { name: 'Folders on other nodes' }))
  const path = network.getByLabelText<HTMLInputElement>('Path', { exact: false, selector: 'input' })
  await userEvent.type(path, 'Reports')
  expect(document.activeElement).toBe(path)

  navigate({ name: 'inbox', inboxId: 'next-one' })
  const asked = within(await screen.findByRole('dialog', { name: 'Leave without saving?' }))
  await userEvent.click(asked.getByRole('button', { name: 'Stay' }))
  await waitFor(() => expect(leaveQuestion()).toBeNull())
  expect(window.location.hash).toBe(own)
  // The question took the focus: the field, left, took the name as the path's folder.
  expect(network.getByText('Reports')).toBeTruthy()
})
