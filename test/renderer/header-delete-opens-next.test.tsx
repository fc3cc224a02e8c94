// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { connectEvents } from '../../src/renderer/src/api/events'
import { hrefOf, useRoute } from '../../src/renderer/src/app/router'
import { InboxView } from '../../src/renderer/src/features/inboxes/InboxView'
import { useInboxFilters } from '../../src/renderer/src/stores/inbox-filters'
import { useLayoutPrefs } from '../../src/renderer/src/stores/layout-prefs'
import { createJob } from '../support/node'
import { nodeTransport, useAnsweringNode } from './answering-node'
import { layOutLists } from './list-layout'
import { renderWithApp } from './render'

/*
 * The open conversation deleted from its own menu (Conversation actions → Delete) went back to the inbox
 * list, where the same delete from the conversation list beside it opens the conversation below it, its
 * message box focused. With the side list hidden (or the narrow window's drawer closed) the list's pages
 * are in the cache all the same: the next conversation is found there. Real node, real events.
 */

layOutLists()
const answering = useAnsweringNode()
const { node } = answering
let disconnect = () => {}

beforeEach(() => {
  useInboxFilters.setState({ search: '', showHidden: false })
  useLayoutPrefs.setState({ conversationsOpen: false })
})
afterEach(() => {
  disconnect()
  useLayoutPrefs.setState(useLayoutPrefs.getInitialState())
  window.location.hash = ''
})

/** The window's view of the address: the conversation it names, or the inbox list. */
function Routed() {
  const route = useRoute()
  return route.name === 'inbox' ? <InboxView key={route.inboxId} inboxId={route.inboxId} /> : <p>The inbox list</p>
}

/** Three conversations, listed newest first: Charlie, Bravo, Alpha; answers their inboxes in that order. */
async function three(): Promise<string[]> {
  const inboxes: string[] = []
  for (const name of ['Alpha', 'Bravo', 'Charlie']) {
    const inbox = `job_inbox::${await createJob(node, 'p1')}::false`
    await node.post('/v2/update_smart_inbox_name', { inbox_name: inbox, custom_name: name })
    inboxes.push(inbox)
  }
  return inboxes.reverse()
}

function show(inbox: string) {
  window.location.hash = hrefOf({ name: 'inbox', inboxId: inbox })
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })
  const transport = nodeTransport(node)
  disconnect = connectEvents(transport, qc)
  renderWithApp(<Routed />, transport, { queryClient: qc })
}

async function deleteFromHeader(name: string) {
  await waitFor(() => expect(screen.getByTestId('inbox-title').textContent).toBe(name), { timeout: 10_000 })
  fireEvent.click(screen.getByRole('button', { name: 'Conversation actions' }))
  fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }))
  const dialog = await screen.findByRole('dialog', { name: `Delete “${name}”?` })
  fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }))
}

it('deleted from its own menu, the side list hidden: the one below opens, its message box focused, in the deleted one’s place in history', async () => {
  const [, bravo, alpha] = await three()
  show(bravo!)
  const entries = window.history.length
  await deleteFromHeader('Bravo')
  await waitFor(() => expect(window.location.hash).toBe(hrefOf({ name: 'inbox', inboxId: alpha! })), { timeout: 10_000 })
  await waitFor(() => expect(screen.getByTestId('inbox-title').textContent).toBe('Alpha'), { timeout: 10_000 })
  await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Message' })))
  expect(screen.queryByText('This conversation was deleted')).toBeNull()
  expect(window.history.length).toBe(entries)
})

it('deleted from its own menu when it is the last: the one above opens; the only one left: the inbox list', async () => {
  const [charlie, bravo, alpha] = await three()
  await node.post('/v2/remove_job', { job_id: bravo!.split('::')[1] })
  show(alpha!)
  await deleteFromHeader('Alpha')
  await waitFor(() => expect(window.location.hash).toBe(hrefOf({ name: 'inbox', inboxId: charlie! })), { timeout: 10_000 })
  await deleteFromHeader('Charlie')
  await waitFor(() => expect(window.location.hash).toBe('#/inboxes'), { timeout: 10_000 })
  await screen.findByText('The inbox list')
})
