// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { InboxView } from '../../src/renderer/src/features/inboxes/InboxView'
import { neighbourInSearch } from '../../src/renderer/src/features/inboxes/conversation-keys'
import type { ConversationRow } from '../../src/renderer/src/features/inboxes/listed-conversations'
import { useLayoutPrefs } from '../../src/renderer/src/stores/layout-prefs'
import { useInboxFilters } from '../../src/renderer/src/stores/inbox-filters'
import type { Inbox } from '../../src/shared/contract/inbox'
import { setWindowWidth } from './window-width'
import { renderWithApp, routerTransport } from './render'
import { addProvider, createJob, useTestNode } from '../support/node'

/*
 * A conversation opened from the inbox list's search results: the list beside it shows those results
 * (the query said, a way back to all), and Alt+Up/Down go through them, as a mail client's do. Against
 * a real in-process node.
 */

const node = useTestNode({ setup: (n) => addProvider(n, 'gpt') })
// Made in this order; the whole list is newest first: Invoice May, Holiday plans, Invoice April, Team lunch, Invoice March.
const names = ['Invoice March', 'Team lunch', 'Invoice April', 'Holiday plans', 'Invoice May']
const byName = new Map<string, string>()

beforeEach(async () => {
  if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true })
  localStorage.clear()
  useLayoutPrefs.setState({ conversationsOpen: true })
  useInboxFilters.setState({ search: 'invoice', showHidden: false })
  byName.clear()
  for (const name of names) {
    const inbox = `job_inbox::${await createJob(node, 'gpt')}::false`
    await node.post('/v2/update_smart_inbox_name', { inbox_name: inbox, custom_name: name })
    byName.set(name, inbox)
  }
  window.location.hash = ''
})

// happy-dom lays nothing out: each element reports the size of a window's list (the browser's part).
const clientSize = { clientHeight: 600, clientWidth: 240 }
beforeEach(() => {
  for (const [prop, value] of Object.entries(clientSize))
    Object.defineProperty(HTMLElement.prototype, prop, { configurable: true, get: () => value })
})
afterEach(() => {
  for (const prop of Object.keys(clientSize)) delete (HTMLElement.prototype as unknown as Record<string, unknown>)[prop]
  cleanup()
})

const hashOf = (inboxId: string) => `#/inboxes/${encodeURIComponent(inboxId)}`
/** The address of a conversation opened from the results for "invoice": it carries the search. */
const searchedHashOf = (inboxId: string) => `${hashOf(inboxId)}?q=invoice`
const idOf = (name: string) => byName.get(name)!

function renderView(inboxId: string, hash = hashOf(inboxId)) {
  window.location.hash = hash
  return renderWithApp(<InboxView inboxId={inboxId} />, routerTransport(node.router))
}

/** The results for "invoice" in the node's order (best first), by name. */
async function results(): Promise<string[]> {
  const { body } = await node.get('/v2/search_inboxes', { q: 'invoice', limit: '100', show_hidden: 'false' })
  return (body as { inbox: Inbox }[]).map((h) => h.inbox.custom_name)
}

describe('a conversation opened from search results, on a wide window', () => {
  beforeEach(() => setWindowWidth(1400))

  it('has the results beside it, the query said and the open one marked; Alt+Down and Alt+Up open the next and the previous result', async () => {
    const hits = await results()
    expect(hits).toHaveLength(3)
    renderView(idOf(hits[1]!), searchedHashOf(idOf(hits[1]!)))
    const side = await screen.findByTestId('conversation-list')
    expect(within(side).getByTestId('conversation-search').textContent).toContain('Results for “invoice”')
    const nav = within(side).getByRole('navigation', { name: 'Conversations' })
    await waitFor(() =>
      expect(
        within(nav)
          .getAllByRole('link')
          .map((a) => a.textContent)
      ).toEqual(hits)
    )
    expect(within(nav).getByRole('link', { name: hits[1]! }).getAttribute('aria-current')).toBe('page')

    fireEvent.keyDown(window, { key: 'ArrowDown', altKey: true })
    // Its address goes on carrying the search.
    expect(window.location.hash).toBe(searchedHashOf(idOf(hits[2]!)))
    // Pressed again before the view follows: from the result opened, on along the results (the last: nothing).
    fireEvent.keyDown(window, { key: 'ArrowDown', altKey: true })
    expect(window.location.hash).toBe(searchedHashOf(idOf(hits[2]!)))
    fireEvent.keyDown(window, { key: 'ArrowUp', altKey: true })
    fireEvent.keyDown(window, { key: 'ArrowUp', altKey: true })
    expect(window.location.hash).toBe(searchedHashOf(idOf(hits[0]!)))
  })

  it('the result opened from the list beside goes on following the search', async () => {
    const hits = await results()
    renderView(idOf(hits[0]!), searchedHashOf(idOf(hits[0]!)))
    const nav = within(await screen.findByTestId('conversation-list')).getByRole('navigation', { name: 'Conversations' })
    const link = await within(nav).findByRole('link', { name: hits[2]! })
    // Its address carries the search: opened, reloaded, or in a new tab, the results are beside it.
    expect(link.getAttribute('href')).toBe(searchedHashOf(idOf(hits[2]!)))
    cleanup()
    renderView(idOf(hits[2]!), searchedHashOf(idOf(hits[2]!)))
    const side = await screen.findByTestId('conversation-list')
    expect(within(side).getByTestId('conversation-search').textContent).toContain('invoice')
    await within(side).findByRole('link', { name: hits[0]! })
    expect(within(side).queryByRole('link', { name: 'Team lunch' })).toBeNull()
  })

  it('Clear search lists all conversations again (the inbox list’s search cleared too), and Alt+Down follows the whole list', async () => {
    renderView(idOf('Invoice April'), searchedHashOf(idOf('Invoice April')))
    const side = await screen.findByTestId('conversation-list')
    const entries = window.history.length
    fireEvent.click(within(side).getByRole('button', { name: 'Clear search' }))
    await within(side).findByRole('link', { name: 'Team lunch' })
    expect(within(side).queryByTestId('conversation-search')).toBeNull()
    expect(useInboxFilters.getState().search).toBe('')
    // Nor does the address carry it: in its place, so Back does not bring the search back.
    expect(window.location.hash).toBe(hashOf(idOf('Invoice April')))
    expect(window.history.length).toBe(entries)
    fireEvent.keyDown(window, { key: 'ArrowDown', altKey: true })
    expect(window.location.hash).toBe(hashOf(idOf('Team lunch')))
  })

  it('opened otherwise (by an address without the search) after a search, it lists all conversations, and Alt+Down opens its neighbour there', async () => {
    renderView(idOf('Invoice March'), searchedHashOf(idOf('Invoice March')))
    await screen.findByTestId('conversation-search')
    cleanup()
    renderView(idOf('Invoice April'))
    const side = await screen.findByTestId('conversation-list')
    await within(side).findByRole('link', { name: 'Team lunch' })
    expect(within(side).queryByTestId('conversation-search')).toBeNull()
    fireEvent.keyDown(window, { key: 'ArrowUp', altKey: true })
    expect(window.location.hash).toBe(hashOf(idOf('Holiday plans')))
    // Nor does the search come back for the conversation it was opened on, opened again by its plain address.
    cleanup()
    renderView(idOf('Invoice March'))
    await within(await screen.findByTestId('conversation-list')).findByRole('link', { name: 'Team lunch' })
  })
})

describe('a conversation opened from search results, on a narrow window (the drawer)', () => {
  beforeEach(() => setWindowWidth(800))
  it('the drawer lists the results with the query, and Alt+Down opens the next result', async () => {
    const hits = await results()
    renderView(idOf(hits[0]!), searchedHashOf(idOf(hits[0]!)))
    fireEvent.click(await screen.findByRole('button', { name: 'Conversations' }))
    const drawer = await screen.findByRole('dialog', { name: 'Conversations' })
    expect(within(drawer).getByTestId('conversation-search').textContent).toContain('Results for “invoice”')
    const nav = within(drawer).getByRole('navigation', { name: 'Conversations' })
    await waitFor(() =>
      expect(
        within(nav)
          .getAllByRole('link')
          .map((a) => a.textContent)
      ).toEqual(hits)
    )
    fireEvent.keyDown(window, { key: 'ArrowDown', altKey: true })
    expect(window.location.hash).toBe(searchedHashOf(idOf(hits[1]!)))
  })
})

describe('neighbourInSearch', () => {
  const row = (id: string) => ({ id }) as ConversationRow
  it('opens the results around the open one, and around the place it had once it left them', () => {
    const rows = ['a', 'b', 'c'].map((id) => row(id))
    expect(neighbourInSearch(rows, 'b', -1, false)?.id).toBe('c')
    expect(neighbourInSearch(rows, 'b', -1, true)?.id).toBe('a')
    expect(neighbourInSearch(rows, 'c', -1, false)).toBeUndefined()
    expect(neighbourInSearch(rows, 'a', -1, true)).toBeUndefined()
    // 'x' was at place 1 (it no longer matches): below is the one now there, above the one before.
    expect(neighbourInSearch(rows, 'x', 1, false)?.id).toBe('b')
    expect(neighbourInSearch(rows, 'x', 1, true)?.id).toBe('a')
    expect(neighbourInSearch(rows, 'x', -1, false)).toBeUndefined()
  })
})
