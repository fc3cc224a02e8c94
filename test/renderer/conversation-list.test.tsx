// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query'
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createClient } from '../../src/renderer/src/api/client'
import { InboxView } from '../../src/renderer/src/features/inboxes/InboxView'
import { useLayoutPrefs } from '../../src/renderer/src/stores/layout-prefs'
import { useInboxFilters } from '../../src/renderer/src/stores/inbox-filters'
import { setWindowWidth } from './window-width'
import { renderWithApp, routerTransport } from './render'
import { layOutLists } from './list-layout'
import type { Transport } from '../../src/renderer/src/api/transport'
import type { Inbox } from '../../src/shared/contract/inbox'
import { seedInboxes } from '../../bench/seed'
import { applyInboxChanges, inboxPlaceQuery } from '../../src/renderer/src/api/inbox-pages'
import { addProvider, createJob, useSeededDataDir, useTestNode } from '../support/node'

/*
 * The conversation list beside an open inbox, against a real in-process node: the side list on wide
 * windows (collapsible, remembered) and the drawer narrow windows open from the header.
 */

/** Set in the block whose tests start from 5,000 inboxes seeded once for them (see useSeededDataDir). */
let seeded: { readonly dir: string | undefined } | undefined
const node = useTestNode({ from: () => seeded?.dir, setup: (n) => addProvider(n, 'gpt') })
const names = ['First talk', 'Second talk', 'Third talk']
/** A row's height in the list (its name, then when and what was last written). */
const ROW_PX = 52
let inboxes: string[]

beforeEach(async () => {
  // happy-dom has no document.fonts, which the composer's auto-sizing textarea listens to.
  if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true })
  localStorage.clear()
  useLayoutPrefs.setState({ conversationsOpen: true })
  inboxes = []
  for (const name of names) {
    const inbox = `job_inbox::${await createJob(node, 'gpt')}::false`
    await node.post('/v2/update_smart_inbox_name', { inbox_name: inbox, custom_name: name })
    inboxes.push(inbox)
  }
  window.location.hash = ''
})

// happy-dom lays nothing out: every element reports a 0 px box, in which a virtual list shows no row.
// Each element here reports the size of a window's list instead (the browser's part, not ours).
const clientSize = { clientHeight: 600, clientWidth: 240 }
beforeEach(() => {
  for (const [prop, value] of Object.entries(clientSize))
    Object.defineProperty(HTMLElement.prototype, prop, { configurable: true, get: () => value })
})
afterEach(() => {
  for (const prop of Object.keys(clientSize)) delete (HTMLElement.prototype as unknown as Record<string, unknown>)[prop]
})

afterEach(() => {
  cleanup()
})

/** The conversation the view rendered by renderView shows. */
let shown = ''
function renderView(inboxId: string, queryClient?: QueryClient) {
  // The address names the open conversation, as the app's router has it.
  shown = inboxId
  window.location.hash = hashOf(inboxId)
  return renderWithApp(<InboxView inboxId={inboxId} />, routerTransport(node.router), { queryClient })
}

/**
 * These views follow no route: after a key opened a neighbour, the address goes back to the one the
 * view still shows, so the next key is tried from the same conversation (the app opens the neighbour).
 */
const backToShown = () => {
  window.location.hash = hashOf(shown)
}

/** The list newest first: the third inbox on top. */
const middle = () => inboxes[1]!
const hashOf = (inboxId: string) => `#/inboxes/${encodeURIComponent(inboxId)}`

describe('the conversation list on narrow windows: a drawer', () => {
  beforeEach(() => setWindowWidth(800))
  it('opens from a named header button, lists the conversations with the open one marked, and closes on Escape', async () => {
    renderView(middle())
    const button = await screen.findByRole('button', { name: 'Conversations' })
    expect(button.getAttribute('aria-expanded')).toBe('false')
    fireEvent.click(button)
    const drawer = await screen.findByRole('dialog', { name: 'Conversations' })
    const nav = within(drawer).getByRole('navigation', { name: 'Conversations' })
    expect((await within(nav).findAllByRole('link')).map((a) => a.textContent)).toEqual(['Third talk', 'Second talk', 'First talk'])
    expect(within(nav).getByRole('link', { name: 'Second talk' }).getAttribute('aria-current')).toBe('page')
    expect(button.getAttribute('aria-expanded')).toBe('true')

    fireEvent.keyDown(drawer, { key: 'Escape' })
    await expect.poll(() => screen.queryByRole('dialog', { name: 'Conversations' })).toBeNull()
    expect(button.getAttribute('aria-expanded')).toBe('false')
  })

  it('closes when a conversation is picked, which opens it', async () => {
    renderView(middle())
    fireEvent.click(await screen.findByRole('button', { name: 'Conversations' }))
    const drawer = await screen.findByRole('dialog', { name: 'Conversations' })
    const link = await within(drawer).findByRole('link', { name: 'First talk' })
    expect(link.getAttribute('href')).toBe(hashOf(inboxes[0]!))
    fireEvent.click(link)
    await expect.poll(() => screen.queryByRole('dialog', { name: 'Conversations' })).toBeNull()
    expect(window.location.hash).toBe(hashOf(inboxes[0]!))
  })

  it('Alt+Up and Alt+Down move between conversations while the drawer is open', async () => {
    renderView(middle())
    fireEvent.click(await screen.findByRole('button', { name: 'Conversations' }))
    const drawer = await screen.findByRole('dialog', { name: 'Conversations' })
    await within(drawer).findByRole('link', { name: 'First talk' })
    fireEvent.keyDown(window, { key: 'ArrowDown', altKey: true })
    expect(window.location.hash).toBe(hashOf(inboxes[0]!))
    backToShown()
    fireEvent.keyDown(window, { key: 'ArrowUp', altKey: true })
    expect(window.location.hash).toBe(hashOf(inboxes[2]!))
  })
})

describe('the conversation list on wide windows: beside the conversation, collapsible', () => {
  beforeEach(() => setWindowWidth(1400))
  it('the focus follows the toggle: Hide puts it on Show, Show puts it back on Hide', async () => {
    renderView(middle())
    const side = await screen.findByTestId('conversation-list')
    const hide = within(side).getByRole('button', { name: 'Hide conversations' })
    hide.focus()
    fireEvent.click(hide)
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Show conversations'))
    fireEvent.click(document.activeElement!)
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Hide conversations'))
  })

  it('Alt+Down pressed again before the view has opened the next conversation goes on from that one (each press counts)', async () => {
    renderView(inboxes[2]!) // the newest, on top
    const side = await screen.findByTestId('conversation-list')
    await within(side).findByRole('link', { name: 'First talk' })
    fireEvent.keyDown(window, { key: 'ArrowDown', altKey: true })
    fireEvent.keyDown(window, { key: 'ArrowDown', altKey: true })
    expect(window.location.hash).toBe(hashOf(inboxes[0]!))
    fireEvent.keyDown(window, { key: 'ArrowUp', altKey: true })
    expect(window.location.hash).toBe(hashOf(inboxes[1]!))
  })

  it('on macOS, Option+Up in the message box moves its caret, not to another conversation', async () => {
    Object.defineProperty(navigator, 'userAgent', { configurable: true, get: () => 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5)' })
    try {
      renderView(middle())
      const side = await screen.findByTestId('conversation-list')
      await within(side).findByRole('link', { name: 'Third talk' })
      const before = window.location.hash
      const box = screen.getByRole('textbox', { name: 'Message' })
      box.focus()
      fireEvent.keyDown(box, { key: 'ArrowUp', altKey: true })
      expect(window.location.hash).toBe(before)
      fireEvent.keyDown(window, { key: 'ArrowUp', altKey: true })
      expect(window.location.hash).toBe(hashOf(inboxes[2]!))
    } finally {
      delete (navigator as unknown as Record<string, unknown>).userAgent // the prototype's again
    }
  })

  it('elsewhere Alt+Up in the message box opens the conversation above (Alt+arrows move no caret there); another text field keeps them', async () => {
    renderView(middle())
    const side = await screen.findByTestId('conversation-list')
    await within(side).findByRole('link', { name: 'Third talk' })
    const before = window.location.hash
    const rename = screen.getByRole('button', { name: 'Rename inbox' })
    fireEvent.click(rename)
    const field = await screen.findByRole('textbox', { name: 'Inbox name' })
    fireEvent.keyDown(field, { key: 'ArrowUp', altKey: true })
    expect(window.location.hash).toBe(before)
    fireEvent.keyDown(field, { key: 'Escape' })
    const box = screen.getByRole('textbox', { name: 'Message' })
    box.focus()
    // While an input method composes a word (Chinese, Japanese), the keys are its own.
    fireEvent.keyDown(box, { key: 'ArrowUp', altKey: true, isComposing: true })
    expect(window.location.hash).toBe(before)
    fireEvent.keyDown(box, { key: 'ArrowUp', altKey: true })
    expect(window.location.hash).toBe(hashOf(inboxes[2]!))
  })

  it('when another client hides the open conversation, Alt+Down and Alt+Up open the ones around the place it had', async () => {
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    renderView(middle(), qc)
    const side = await screen.findByTestId('conversation-list')
    await within(side).findByRole('link', { name: 'Second talk' })
    expect((await node.post('/v2/update_job_hidden', { job_id: middle().split('::')[1], is_hidden: true })).status).toBe(200)
    await qc.invalidateQueries()
    await waitFor(() => expect(within(side).queryByRole('link', { name: 'Second talk' })).toBeNull())
    fireEvent.keyDown(window, { key: 'ArrowDown', altKey: true })
    expect(window.location.hash).toBe(hashOf(inboxes[0]!)) // now in its place
    backToShown()
    fireEvent.keyDown(window, { key: 'ArrowUp', altKey: true })
    expect(window.location.hash).toBe(hashOf(inboxes[2]!)) // the one before it
  })

  it('a row focused in the list and taken away by another client (removed, hidden): the focus goes to the row now in its place, not to the page', async () => {
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    renderView(inboxes[2]!, qc)
    const side = await screen.findByTestId('conversation-list')
    const link = (name: string) => within(side).queryByRole('link', { name })
    await waitFor(() => expect(link('Second talk')).not.toBeNull())
    act(() => link('Second talk')!.focus())
    expect((await node.post('/v2/remove_job', { job_id: middle().split('::')[1] })).status).toBe(200)
    await qc.invalidateQueries()
    await waitFor(() => expect(link('Second talk')).toBeNull())
    await waitFor(() => expect(document.activeElement).toBe(link('First talk')))
    expect((await node.post('/v2/update_job_hidden', { job_id: inboxes[0]!.split('::')[1], is_hidden: true })).status).toBe(200)
    await qc.invalidateQueries()
    await waitFor(() => expect(link('First talk')).toBeNull())
    await waitFor(() => expect(document.activeElement).toBe(link('Third talk')))
  })

  it('when the open conversation is removed, the list stays beside the notice and Alt+Down / Alt+Up open the ones around its place', async () => {
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    renderView(middle(), qc)
    const side = await screen.findByTestId('conversation-list')
    await within(side).findByRole('link', { name: 'Second talk' })
    expect((await node.post('/v2/remove_job', { job_id: middle().split('::')[1] })).status).toBe(200)
    // As the node's inbox_changed event does (null: removed).
    qc.setQueryData(['inboxes', 'one', middle()], null)
    await qc.invalidateQueries({ queryKey: ['inboxes', 'pages'] })
    expect(await screen.findByText('This conversation was deleted')).toBeTruthy()
    const list = screen.getByTestId('conversation-list')
    await waitFor(() => expect(within(list).queryByRole('link', { name: 'Second talk' })).toBeNull())
    expect(
      within(list)
        .getAllByRole('link')
        .map((a) => a.textContent)
    ).toEqual(['Third talk', 'First talk'])
    fireEvent.keyDown(window, { key: 'ArrowDown', altKey: true })
    expect(window.location.hash).toBe(hashOf(inboxes[0]!)) // now in its place
    backToShown()
    fireEvent.keyDown(window, { key: 'ArrowUp', altKey: true })
    expect(window.location.hash).toBe(hashOf(inboxes[2]!)) // the one before it
  })

  // The shortcuts list promised Shift+F10 on these rows, which had no menu: renaming, pinning or
  // deleting another conversation meant going back to the inbox list.
  it('a row’s menu opens from Shift+F10 on the row or its button, and acts on that conversation; Escape gives the focus back to the row', async () => {
    renderView(inboxes[2]!)
    const side = await screen.findByTestId('conversation-list')
    const second = await within(side).findByRole('link', { name: 'Second talk' })
    act(() => second.focus())
    fireEvent.keyDown(second, { key: 'F10', shiftKey: true })
    const pin = await screen.findByRole('menuitem', { name: 'Pin', hidden: true })
    expect(
      screen
        .getAllByRole('menuitem', { hidden: true })
        .map((m) => m.textContent)
        .filter((t) => /^(Rename|Pin|Hide|Delete)$/.test(t ?? ''))
    ).toEqual(['Rename', 'Pin', 'Hide', 'Delete'])
    fireEvent.keyDown(pin, { key: 'Escape' })
    await waitFor(() => expect(screen.queryByRole('menuitem', { name: 'Pin', hidden: true })).toBeNull())
    await waitFor(() => expect(document.activeElement).toBe(within(side).getByRole('link', { name: 'Second talk' })))

    fireEvent.click(within(side).getByRole('button', { name: 'Actions for First talk' }))
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Pin', hidden: true }))
    await waitFor(async () => {
      const first = (await node.get('/v2/get_inbox', { inbox_name: inboxes[0]! })).body as Inbox
      expect(first.is_pinned).toBe(true)
    })
  })

  it('F2 on a row renames that conversation, and Delete deletes it after a confirmation naming it', async () => {
    renderView(inboxes[2]!)
    const side = await screen.findByTestId('conversation-list')
    const second = await within(side).findByRole('link', { name: 'Second talk' })
    act(() => second.focus())
    fireEvent.keyDown(second, { key: 'F2' })
    const rename = await screen.findByRole('dialog', { name: 'Rename “Second talk”' })
    fireEvent.keyDown(within(rename).getByRole('textbox'), { key: 'Escape' })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    fireEvent.keyDown(second, { key: 'Delete' })
    const confirm = await screen.findByRole('dialog', { name: 'Delete “Second talk”?' })
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }))
    await waitFor(async () => {
      const left = (await node.get('/v2/all_inboxes', { include_scope: 'false' })).body as Inbox[]
      expect(left.map((i) => i.custom_name).sort()).toEqual(['First talk', 'Third talk'])
    })
  })

  it('marks the pinned and, when hidden ones are shown, the hidden conversations, as the inbox list does', async () => {
    await node.post('/v2/update_inbox_pinned', { inbox_name: inboxes[0], pinned: true })
    await node.post('/v2/update_job_hidden', { job_id: inboxes[2]!.split('::')[1], is_hidden: true })
    useInboxFilters.setState({ showHidden: true })
    try {
      renderView(middle())
      const side = await screen.findByTestId('conversation-list')
      const first = await within(side).findByRole('link', { name: /First talk/ })
      const third = await within(side).findByRole('link', { name: /Third talk/ })
      expect(within(first).getByRole('img', { name: 'Pinned' })).toBeTruthy()
      expect(within(first).queryByRole('img', { name: 'Hidden' })).toBeNull()
      expect(within(third).getByRole('img', { name: 'Hidden' })).toBeTruthy()
      expect(within(third).queryByRole('img', { name: 'Pinned' })).toBeNull()
      const second = within(side).getByRole('link', { name: 'Second talk' })
      expect(within(second).queryAllByRole('img')).toEqual([])
    } finally {
      useInboxFilters.setState({ showHidden: false })
    }
  })

  it('a conversation with no message yet says so under its name, as the inbox list does, not its time alone', async () => {
    renderView(middle())
    const side = await screen.findByTestId('conversation-list')
    const details = () =>
      within(side)
        .getAllByTestId('conversation-detail')
        .map((d) => d.textContent)
    await waitFor(() => expect(details()).toHaveLength(3))
    for (const detail of details()) expect(detail).toMatch(/^\S.* · No messages yet$/)
  })

  it('an unknown conversation says so beside the list, from which another opens', async () => {
    renderView('job_inbox::jobid_gone::false')
    expect(await screen.findByText('No such inbox')).toBeTruthy()
    const list = screen.getByTestId('conversation-list')
    expect((await within(list).findAllByRole('link')).map((a) => a.textContent)).toEqual(['Third talk', 'Second talk', 'First talk'])
    expect(screen.getByRole('link', { name: 'Back to the inboxes' }).getAttribute('href')).toBe('#/inboxes')
  })

  it('collapses and comes back from its toggle, the choice kept for the next start, and Alt+Up still moves when collapsed', async () => {
    const view = renderView(middle())
    const side = await screen.findByTestId('conversation-list')
    await within(side).findByRole('link', { name: 'Third talk' })
    fireEvent.click(within(side).getByRole('button', { name: 'Hide conversations' }))
    expect(screen.queryByTestId('conversation-list')).toBeNull()
    expect(JSON.parse(localStorage.getItem('nodedesk.layout')!)).toMatchObject({ state: { conversationsOpen: false } })

    // Collapsed, the keys still move between conversations.
    fireEvent.keyDown(window, { key: 'ArrowUp', altKey: true })
    expect(window.location.hash).toBe(hashOf(inboxes[2]!))

    // A new window (the same storage) starts collapsed; the toggle brings the list back and remembers that too.
    view.unmount()
    await useLayoutPrefs.persist.rehydrate()
    renderView(middle())
    const show = await screen.findByRole('button', { name: 'Show conversations' })
    expect(screen.queryByTestId('conversation-list')).toBeNull()
    fireEvent.click(show)
    expect(await screen.findByTestId('conversation-list')).toBeTruthy()
    expect(JSON.parse(localStorage.getItem('nodedesk.layout')!)).toMatchObject({ state: { conversationsOpen: true } })
  })
})

/** The view of the middle inbox over the real router, each request through `wrap` first (to count or hold it). */
function renderMiddleOver(
  wrap: (req: Parameters<Transport['request']>[0], next: Transport['request']) => ReturnType<Transport['request']>
) {
  const inner = routerTransport(node.router)
  const transport: Transport = { ...inner, request: (req) => wrap(req, (r) => inner.request(r)) }
  renderWithApp(<InboxView inboxId={middle()} />, transport)
}

describe('the conversation list of a long list dragged far down', () => {
  beforeEach(() => setWindowWidth(1400))
  it('reads the rows there by place in a request or two, not every page before them', async () => {
    seedInboxes(node.store, { inboxes: 5000, providerId: 'gpt' })
    let pageReads: (Record<string, string | undefined> | undefined)[] = []
    renderMiddleOver((req, next) => {
      if (req.path === '/v2/all_inboxes_paginated') pageReads.push(req.query)
      return next(req)
    })
    const nav = await screen.findByRole('navigation', { name: 'Conversations' })
    await within(nav).findByRole('link', { name: 'Third talk' })
    pageReads = []
    const scroller = nav.parentElement!
    scroller.scrollTop = ROW_PX * 4000
    fireEvent.scroll(scroller)
    // The seeded inbox 1,000th from the end of the list (seeded first is the oldest).
    const there = ((await node.get('/v2/get_inbox', { inbox_name: 'job_inbox::jobid_seed_999::false' })).body as Inbox).custom_name
    await within(nav).findByRole('link', { name: there }, { timeout: 10_000 })
    expect(pageReads.length).toBeLessThanOrEqual(2)
    expect(pageReads.every((q) => q?.position !== undefined)).toBe(true)
  })
})

describe('the conversation list scrolled back up from far down to near its rows read in order', () => {
  beforeEach(() => setWindowWidth(1400))
  it('keeps showing the rows it read by place until the pages in order come (no loading rows)', async () => {
    seedInboxes(node.store, { inboxes: 5000, providerId: 'gpt' })
    let release: () => void = () => {}
    let held: Promise<void> | undefined
    renderMiddleOver(async (req, next) => {
      if (held && req.path === '/v2/all_inboxes_paginated' && req.query?.position === undefined) await held
      return next(req)
    })
    const nav = await screen.findByRole('navigation', { name: 'Conversations' })
    await within(nav).findByRole('link', { name: 'Third talk' })
    const scroller = nav.parentElement!
    const nameOfSeed = async (n: number) =>
      ((await node.get('/v2/get_inbox', { inbox_name: `job_inbox::jobid_seed_${n}::false` })).body as Inbox).custom_name
    // Row i (past the few made by the tests) is about the seeded inbox 5002 - i: found by name, not by number.
    scroller.scrollTop = ROW_PX * 170
    fireEvent.scroll(scroller)
    await waitFor(() => expect(within(nav).queryAllByText('…')).toHaveLength(0), { timeout: 10_000 })
    held = new Promise((r) => (release = r))
    try {
      scroller.scrollTop = ROW_PX * 135
      fireEvent.scroll(scroller)
      await new Promise((r) => setTimeout(r, 500))
      expect(within(nav).queryAllByText('…')).toHaveLength(0)
      const shown = within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent)
      expect(shown).toContain(await nameOfSeed(5003 - 140))
    } finally {
      held = undefined
      release()
    }
  })
})

describe('Alt+Down on the last conversation read so far', () => {
  beforeEach(() => setWindowWidth(1400))
  it('opens the next one, read first, though no list shows it (collapsed)', async () => {
    for (let i = 0; i < 60; i++) await createJob(node, 'gpt')
    const order = ((await node.get('/v2/all_inboxes_paginated', { limit: '60' })).body as { inboxes: Inbox[] }).inboxes.map(
      (i) => i.inbox_id
    )
    useLayoutPrefs.setState({ conversationsOpen: false })
    // The 50th conversation: the last of the first page read.
    renderView(order[49]!)
    await screen.findByRole('button', { name: 'Show conversations' })
    await screen.findByTestId('inbox-title')
    fireEvent.keyDown(window, { key: 'ArrowDown', altKey: true })
    await waitFor(() => expect(window.location.hash).toBe(hashOf(order[50]!)))
  })

  it('pressed three times with no gap from the row before the last read, opens the third below: a press waits for the page the one before it reads, then goes on from there', async () => {
    for (let i = 0; i < 60; i++) await createJob(node, 'gpt')
    const order = ((await node.get('/v2/all_inboxes_paginated', { limit: '60' })).body as { inboxes: Inbox[] }).inboxes.map(
      (i) => i.inbox_id
    )
    useLayoutPrefs.setState({ conversationsOpen: false })
    renderView(order[48]!)
    await screen.findByRole('button', { name: 'Show conversations' })
    await screen.findByTestId('inbox-title')
    // The first press opens the last row read; the next two are past it, the page after read first.
    fireEvent.keyDown(window, { key: 'ArrowDown', altKey: true })
    fireEvent.keyDown(window, { key: 'ArrowDown', altKey: true })
    fireEvent.keyDown(window, { key: 'ArrowDown', altKey: true })
    await waitFor(() => expect(window.location.hash).toBe(hashOf(order[51]!)))
    // And no further (a press counted twice).
    await new Promise((r) => setTimeout(r, 100))
    expect(window.location.hash).toBe(hashOf(order[51]!))
    // Back up as many, from there.
    fireEvent.keyDown(window, { key: 'ArrowUp', altKey: true })
    fireEvent.keyDown(window, { key: 'ArrowUp', altKey: true })
    fireEvent.keyDown(window, { key: 'ArrowUp', altKey: true })
    expect(window.location.hash).toBe(hashOf(order[48]!))
  })

  it('a page the node never answers does not leave Alt+Up/Down dead: a press later goes from the conversation open', async () => {
    for (let i = 0; i < 60; i++) await createJob(node, 'gpt')
    const order = ((await node.get('/v2/all_inboxes_paginated', { limit: '60' })).body as { inboxes: Inbox[] }).inboxes.map(
      (i) => i.inbox_id
    )
    useLayoutPrefs.setState({ conversationsOpen: false })
    shown = order[49]!
    window.location.hash = hashOf(shown)
    const inner = routerTransport(node.router)
    // The second page of the list is asked for and never answered (the node went away mid-request).
    const transport: Transport = {
      ...inner,
      request: (req) =>
        req.path === '/v2/all_inboxes_paginated' && req.query?.offset !== undefined ? new Promise(() => {}) : inner.request(req)
    }
    renderWithApp(<InboxView inboxId={shown} />, transport)
    await screen.findByRole('button', { name: 'Show conversations' })
    await screen.findByTestId('inbox-title')
    fireEvent.keyDown(window, { key: 'ArrowDown', altKey: true })
    await new Promise((r) => setTimeout(r, 2100))
    expect(window.location.hash).toBe(hashOf(order[49]!))
    fireEvent.keyDown(window, { key: 'ArrowUp', altKey: true })
    expect(window.location.hash).toBe(hashOf(order[48]!))
  })
})

describe('a conversation opened from far down the inbox list (its row read by place)', () => {
  layOutLists({ clientHeight: 600, clientWidth: 240 })
  // Each test starts from a copy of a data dir holding the provider and 5,000 more inboxes, seeded once.
  seeded = useSeededDataDir(async (n) => {
    await addProvider(n, 'gpt')
    seedInboxes(n.store, { inboxes: 5000, providerId: 'gpt' })
  })
  beforeEach(() => setWindowWidth(1400))
  it('is marked in the list beside it, which starts there; Alt+Down and Alt+Up open its neighbours', async () => {
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    // The inbox list read the block holding the oldest inboxes (dragged to its end) before this one opened.
    const client = createClient(routerTransport(node.router))
    await qc.fetchQuery(inboxPlaceQuery(client, { showHidden: false, pinned: false }, 50))
    const id = (n: number) => `job_inbox::jobid_seed_${n}::false`
    const nameOf = async (n: number) => ((await node.get('/v2/get_inbox', { inbox_name: id(n) })).body as Inbox).custom_name
    renderView(id(1), qc)
    const side = await screen.findByTestId('conversation-list')
    const link = await within(side).findByRole('link', { name: await nameOf(1) }, { timeout: 10_000 })
    expect(link.getAttribute('aria-current')).toBe('page')
    fireEvent.keyDown(window, { key: 'ArrowDown', altKey: true })
    expect(window.location.hash).toBe(hashOf(id(0)))
    backToShown()
    fireEvent.keyDown(window, { key: 'ArrowUp', altKey: true })
    expect(window.location.hash).toBe(hashOf(id(2)))

    // Removed by another client while open: Alt+Down and Alt+Up open the ones around the place it had.
    expect((await node.post('/v2/remove_job', { job_id: 'jobid_seed_1' })).status).toBe(200)
    act(() => void applyInboxChanges(qc, new Map([[id(1), null]]))) // as the node's inbox_changed event does
    expect(await screen.findByText('This conversation was deleted')).toBeTruthy()
    fireEvent.keyDown(window, { key: 'ArrowDown', altKey: true })
    expect(window.location.hash).toBe(hashOf(id(0))) // now in its place
    backToShown()
    fireEvent.keyDown(window, { key: 'ArrowUp', altKey: true })
    expect(window.location.hash).toBe(hashOf(id(2))) // the one before it
  })

  it('Alt+Down and Alt+Up past the rows read by place (the list collapsed) read the block beyond, then open the neighbour', async () => {
    useLayoutPrefs.setState({ conversationsOpen: false })
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    const client = createClient(routerTransport(node.router))
    // Places 1000-1099 read by place: after the three made by the tests, place p is the seeded inbox 5002 - p.
    await qc.fetchQuery(inboxPlaceQuery(client, { showHidden: false, pinned: false }, 10))
    const id = (n: number) => `job_inbox::jobid_seed_${n}::false`
    renderView(id(5002 - 1099), qc)
    await screen.findByTestId('inbox-title')
    fireEvent.keyDown(window, { key: 'ArrowDown', altKey: true })
    await waitFor(() => expect(window.location.hash).toBe(hashOf(id(5002 - 1100))))
    cleanup()
    renderView(id(5002 - 1000), qc)
    await screen.findByTestId('inbox-title')
    fireEvent.keyDown(window, { key: 'ArrowUp', altKey: true })
    await waitFor(() => expect(window.location.hash).toBe(hashOf(id(5002 - 999))))
  })

  it('opened with no row read anywhere (from search, by its address), Alt+Down and Alt+Up ask the node where it stands, then open its neighbours', async () => {
    useLayoutPrefs.setState({ conversationsOpen: false })
    const id = (n: number) => `job_inbox::jobid_seed_${n}::false`
    // Place 2500 (after the three made by the tests): no page in order nor block by place holds it.
    renderView(id(5002 - 2500))
    await screen.findByTestId('inbox-title')
    fireEvent.keyDown(window, { key: 'ArrowDown', altKey: true })
    await waitFor(() => expect(window.location.hash).toBe(hashOf(id(5002 - 2501))))
    cleanup()
    renderView(id(5002 - 2500))
    await screen.findByTestId('inbox-title')
    fireEvent.keyDown(window, { key: 'ArrowUp', altKey: true })
    await waitFor(() => expect(window.location.hash).toBe(hashOf(id(5002 - 2499))))
  })
})

describe('every conversation hidden', () => {
  beforeEach(async () => {
    for (const inbox of inboxes) await node.post('/v2/update_job_hidden', { job_id: inbox.split('::')[1], is_hidden: true })
  })
  afterEach(() => useInboxFilters.setState({ showHidden: false }))

  it('beside the open one, the list says hidden ones are not listed (it was blank) and lists them when asked', async () => {
    setWindowWidth(1400)
    renderView(middle())
    const side = await screen.findByTestId('conversation-list')
    expect(await within(side).findByText('Hidden conversations are not listed.')).toBeTruthy()
    fireEvent.click(within(side).getByRole('button', { name: 'Show hidden conversations' }))
    expect((await within(side).findAllByRole('link')).map((a) => a.textContent)).toEqual(['Third talk', 'Second talk', 'First talk'])
    expect(within(side).queryByText('Hidden conversations are not listed.')).toBeNull()
  })

  it('in the drawer of a narrow window as well', async () => {
    setWindowWidth(800)
    renderView(middle())
    fireEvent.click(await screen.findByRole('button', { name: 'Conversations' }))
    const drawer = await screen.findByRole('dialog', { name: 'Conversations' })
    expect(await within(drawer).findByText('Hidden conversations are not listed.')).toBeTruthy()
    expect(within(drawer).getByRole('button', { name: 'Show hidden conversations' })).toBeTruthy()
  })
})
