// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { hrefOf, navigate } from '../../src/renderer/src/app/router'
import { useFollowedSearch } from '../../src/renderer/src/features/inboxes/followed-search'
import { InboxSidePanel } from '../../src/renderer/src/features/inboxes/InboxSidePanel'
import { addProvider, useJob, useTestNode } from '../support/node'
import { renderWithApp, routerTransport } from './render'
import { setWindowWidth } from './window-width'

/*
 * A conversation opened from the inbox list's search results (its address `#/inboxes/<id>?q=…`), its Job
 * config being edited: the list beside kept showing all conversations, not the results, from the first
 * key typed in the dialog until it closed, and Stay on "Leave without saving?" came back to the address
 * without the search. The dialog's leave guard held the conversation's plain address, which the views
 * show while a guard is held. Real node.
 */

beforeEach(() => setWindowWidth(1600))
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true })

const node = useTestNode({ setup: (n) => addProvider(n, 'gpt') })
const job = useJob(node, 'gpt')
afterEach(() => {
  cleanup()
  window.location.hash = ''
})

const hashChanged = () => new Promise<void>((resolve) => window.addEventListener('hashchange', () => resolve(), { once: true }))

/** What the list beside the conversation follows (ConversationList reads it so). */
function SearchFollowed() {
  const search = useFollowedSearch()
  return <output data-testid="followed">{search ? search.q : 'all conversations'}</output>
}

it('Job config edited in a conversation opened from search results: the search is still followed, and Stay comes back to it', async () => {
  const inbox = await job.inbox()
  const own = hrefOf({ name: 'inbox', inboxId: inbox.inbox_id, q: 'invoice' })
  const arrived = hashChanged()
  window.location.hash = own
  await arrived
  renderWithApp(
    <>
      <SearchFollowed />
      <InboxSidePanel jobId={job.id} inbox={inbox} />
    </>,
    routerTransport(node.router)
  )
  expect(screen.getByTestId('followed').textContent).toBe('invoice')

  await userEvent.click(screen.getByRole('button', { name: 'Edit config' }))
  const dialog = within(await screen.findByRole('dialog', { name: 'Job config' }))
  const prompt = dialog.getByLabelText<HTMLTextAreaElement>('System prompt')
  await userEvent.clear(prompt)
  await userEvent.type(prompt, 'Answer in French.')
  // Changes not saved: the list beside still follows the search.
  expect(screen.getByTestId('followed').textContent).toBe('invoice')

  // Back (the address changed by other means): asked; Stay comes back to the conversation with its search.
  window.location.hash = '#/inboxes/typed-one'
  await userEvent.click(within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', { name: 'Stay' }))
  await waitFor(() => expect(window.location.hash).toBe(own))
  expect(screen.getByTestId('followed').textContent).toBe('invoice')
  expect(screen.getByRole('dialog', { name: 'Job config' })).toBeTruthy()
  expect(prompt.value).toBe('Answer in French.')

  // Along the results (Alt+Down gives the next result's address with the search): asked too.
  navigate({ name: 'inbox', inboxId: 'next-result', q: 'invoice' })
  expect(await screen.findByRole('dialog', { name: 'Leave without saving?' })).toBeTruthy()
})
