// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { seedInboxes } from '../../bench/seed'
import { App } from '../../src/renderer/src/app/App'
import { hrefOf } from '../../src/renderer/src/app/router'
import type { Transport } from '../../src/renderer/src/api/transport'
import { addProvider, useTestNode } from '../support/node'
import { renderWithApp, routerTransport } from './render'
import { setWindowWidth } from './window-width'

/*
 * Find in a conversation (Ctrl+F): the bar's keys and focus, against a real node whose conversation
 * is longer than the pages the window reads first. The find is new: these failed before it existed
 * (Ctrl+F did nothing in the conversation).
 */
describe('the find bar in a conversation', () => {
  const node = useTestNode({ setup: (n) => addProvider(n, 'gpt') })
  beforeEach(() => {
    setWindowWidth(1280)
    if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true })
  })
  afterEach(() => {
    cleanup()
    location.hash = ''
  })

  /** Reads of older pages wait for this while it is set. */
  let held: Promise<void> | undefined
  /** How many older pages were asked for. */
  let olderReads = 0
  /** Reads of older pages fail while this is set (the node unreachable for a moment). */
  let failOlder = false

  /** A conversation of 160 messages (four pages), "Quokka" in the oldest and the newest but one, "Wombat" in none. */
  async function openConversation() {
    held = undefined
    olderReads = 0
    failOlder = false
    seedInboxes(node.store, { inboxes: 1, messagesPerInbox: 160, providerId: 'gpt' })
    const say = node.store.db.prepare(
      `UPDATE messages SET message_json = json_set(message_json, '$.job_message.content', ?) WHERE hash = ?`
    )
    say.run('The first question is about a QUOKKA', 'seed0x0')
    say.run('A quokka again, near the end', 'seed0x158')
    location.hash = hrefOf({ name: 'inbox', inboxId: 'job_inbox::jobid_seed_0::false' })
    const inner = routerTransport(node.router)
    const transport: Transport = {
      ...inner,
      request: async (req) => {
        if (req.path === '/v2/last_messages' && (req.body as { offset_key?: string }).offset_key) {
          olderReads++
          await held
          if (failOlder) throw new Error('The node could not be reached.')
        }
        return inner.request(req)
      }
    }
    renderWithApp(<App />, transport)
    const box = await screen.findByRole('textbox', { name: 'Message' }, { timeout: 10_000 })
    act(() => box.focus())
    return box
  }
  const ctrlF = () => fireEvent.keyDown(document.activeElement!, { key: 'f', code: 'KeyF', ctrlKey: true })
  const count = () => screen.getByTestId('find-count').textContent

  it('opens on Ctrl+F with the focus in its box, finds in messages not read yet, and steps with Enter and Shift+Enter', async () => {
    await openConversation()
    ctrlF()
    const find = screen.getByRole('textbox', { name: 'Find in conversation' })
    expect(document.activeElement).toBe(find)
    expect(screen.getByTestId('find-count').getAttribute('aria-live')).toBe('polite')
    fireEvent.change(find, { target: { value: 'quokka' } })
    // The oldest message is three pages further back than those read when the conversation opened.
    // Numbered from the top, as a browser numbers a page's matches: the find is at the newest, the second.
    await waitFor(() => expect(count()).toBe('2 of 2'), { timeout: 10_000 })
    // Enter goes to the next one down (newer), round to the top from the last.
    fireEvent.keyDown(find, { key: 'Enter' })
    expect(count()).toBe('1 of 2')
    fireEvent.keyDown(find, { key: 'Enter' })
    expect(count()).toBe('2 of 2')
    fireEvent.keyDown(find, { key: 'Enter', shiftKey: true })
    expect(count()).toBe('1 of 2')
    fireEvent.click(screen.getByRole('button', { name: 'Previous match (older)' }))
    expect(count()).toBe('2 of 2')
    fireEvent.click(screen.getByRole('button', { name: 'Next match (newer)' }))
    expect(count()).toBe('1 of 2')
    fireEvent.change(find, { target: { value: 'wombat' } })
    await waitFor(() => expect(count()).toBe('No matches'))
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Next match (newer)' }).disabled).toBe(true)
  })

  it('selects its text on Ctrl+F again, and closes on Escape giving the focus back where it was', async () => {
    const box = await openConversation()
    ctrlF()
    const find = screen.getByRole<HTMLInputElement>('textbox', { name: 'Find in conversation' })
    fireEvent.change(find, { target: { value: 'quokka' } })
    find.setSelectionRange(6, 6)
    ctrlF()
    expect(document.activeElement).toBe(find)
    expect([find.selectionStart, find.selectionEnd]).toEqual([0, 6])
    fireEvent.keyDown(find, { key: 'Escape' })
    expect(screen.queryByRole('search', { name: 'Find in conversation' })).toBeNull()
    expect(document.activeElement).toBe(box)
    // The Close button does the same.
    ctrlF()
    fireEvent.click(screen.getByRole('button', { name: 'Close find' }))
    expect(screen.queryByTestId('find-bar')).toBeNull()
    expect(document.activeElement).toBe(box)
  })

  it('Ctrl+F again from elsewhere, the bar open: Escape gives the focus back there, where it was at the last Ctrl+F', async () => {
    const box = await openConversation()
    const elsewhere = screen.getAllByRole<HTMLButtonElement>('button').find((b) => !b.disabled && b.closest('[role="search"]') === null)!
    act(() => elsewhere.focus())
    ctrlF()
    const find = screen.getByRole('textbox', { name: 'Find in conversation' })
    expect(document.activeElement).toBe(find)
    // The operator goes on in the message box, the bar still open, and finds again from there.
    act(() => box.focus())
    ctrlF()
    expect(document.activeElement).toBe(find)
    fireEvent.keyDown(find, { key: 'Escape' })
    expect(screen.queryByTestId('find-bar')).toBeNull()
    expect(document.activeElement).toBe(box)
  })

  it('opened with the focus nowhere (a click on a message), closes giving the focus to the message box, not to the page', async () => {
    const box = await openConversation()
    act(() => box.blur())
    expect(document.activeElement).toBe(document.body)
    ctrlF()
    const find = screen.getByRole('textbox', { name: 'Find in conversation' })
    expect(document.activeElement).toBe(find)
    fireEvent.keyDown(find, { key: 'Escape' })
    expect(screen.queryByTestId('find-bar')).toBeNull()
    expect(document.activeElement).toBe(box)
  })

  it('older messages that could not be read are read again on Try again, once the node answers', async () => {
    await openConversation()
    failOlder = true
    ctrlF()
    fireEvent.change(screen.getByRole('textbox', { name: 'Find in conversation' }), { target: { value: 'quokka' } })
    await screen.findByText('Older messages could not be read: only the 50 newest messages were searched.', undefined, { timeout: 10_000 })
    expect(count()).toBe('1 of 1')
    failOlder = false
    const again = screen.getByRole('button', { name: 'Try again' })
    act(() => again.focus())
    fireEvent.click(again)
    await waitFor(() => expect(count()).toBe('2 of 2'), { timeout: 10_000 })
    expect(screen.queryByText(/Older messages could not be read/)).toBeNull()
    // The button gone, the focus is in the find's box, not lost to the page.
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Find in conversation' }))
  })

  it('says how many messages it has read while it reads older ones, and stops reading when asked', async () => {
    await openConversation()
    let release = () => {}
    held = new Promise((r) => (release = r))
    ctrlF()
    const find = screen.getByRole('textbox', { name: 'Find in conversation' })
    fireEvent.change(find, { target: { value: 'quokka' } })
    await screen.findByText('Searching… 50 messages read')
    expect(count()).toBe('1 of 1')
    fireEvent.click(screen.getByRole('button', { name: 'Stop' }))
    expect(screen.queryByTestId('find-reading')).toBeNull()
    release()
    held = undefined
    // The page under way when stopped comes in; no other is asked for.
    await screen.findByText('Stopped: only the 100 newest messages were searched.')
    await new Promise((r) => setTimeout(r, 300))
    expect(olderReads).toBe(1)
    expect(count()).toBe('1 of 1')
    // Searching again reads on, to the oldest message.
    fireEvent.change(find, { target: { value: 'quokkas' } })
    fireEvent.change(find, { target: { value: 'quokka' } })
    await waitFor(() => expect(count()).toBe('2 of 2'), { timeout: 10_000 })
  })
})
