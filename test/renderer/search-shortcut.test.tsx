// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { App } from '../../src/renderer/src/app/App'
import { holdEarlyKeys } from '../../src/renderer/src/app/early-keys'
import { hrefOf } from '../../src/renderer/src/app/router'
import { addProvider, createJob, useTestNode } from '../support/node'
import { renderWithApp, routerTransport } from './render'
import { setWindowWidth } from './window-width'

/*
 * Ctrl+K from another screen opens the inbox list with its search box focused. The box took the
 * focus once the list was drawn, after the hashchange and up to 50 ms later: keys typed at once went
 * to the field being left (a conversation's message box, which keeps them as its draft) or were lost.
 */
describe('Ctrl+K from a conversation', () => {
  const node = useTestNode({ setup: (n) => addProvider(n, 'gpt') })
  beforeEach(() => {
    setWindowWidth(1280)
    // happy-dom has no document.fonts, which the composer's auto-sizing textarea listens to.
    if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true })
  })
  afterEach(() => {
    cleanup()
    location.hash = ''
  })

  it('puts the focus in the inbox search at once, so the next key typed lands there, not in the message box', async () => {
    const jobId = await createJob(node, 'gpt')
    location.hash = hrefOf({ name: 'inbox', inboxId: `job_inbox::${jobId}::false` })
    renderWithApp(<App />, routerTransport(node.router))
    const box = await screen.findByRole('textbox', { name: 'Message' }, { timeout: 10_000 })
    act(() => box.focus())
    // The shortcut, and the next key right after it: before a frame or a timer has passed.
    fireEvent.keyDown(document.activeElement!, { key: 'k', code: 'KeyK', ctrlKey: true })
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Search inboxes' }))
    expect(location.hash).toBe('#/inboxes')
  })
})

/*
 * Ctrl+K and a search typed right after the window's address opens: the page trades its one-time code
 * and loads the app's code before it draws anything, and those keys went nowhere. main.tsx holds them
 * from its first line (holdEarlyKeys); the window, once drawn, opens the search with them.
 */
describe('keys pressed before the window is drawn', () => {
  const node = useTestNode({ setup: (n) => addProvider(n, 'gpt') })
  beforeEach(() => setWindowWidth(1280))
  afterEach(() => {
    cleanup()
    location.hash = ''
  })

  /** A key as the browser takes it: to what has the focus (the page, nothing drawn), writing in a text field unless cancelled. */
  function press(k: string, init: { ctrlKey?: boolean } = {}) {
    const target = document.activeElement ?? document.body
    const typed = fireEvent.keyDown(target, { key: k, ...init })
    if (typed && !init.ctrlKey && [...k].length === 1 && target instanceof HTMLInputElement)
      fireEvent.change(target, { target: { value: target.value + k } })
  }

  it('Ctrl+K opens the search once the window is drawn, with what was typed after it (not before it) in the box', async () => {
    for (const name of ['Budget review', 'Travel plans']) {
      const id = `job_inbox::${await createJob(node, 'gpt')}::false`
      await node.post('/v2/update_smart_inbox_name', { inbox_name: id, custom_name: name })
    }
    holdEarlyKeys()
    // Typed before the shortcut: nothing had the focus, nothing was to take it.
    press('x')
    press('k', { ctrlKey: true })
    for (const k of 'travel') press(k)
    renderWithApp(<App />, routerTransport(node.router))
    const search = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Search inboxes' }, { timeout: 10_000 })
    await waitFor(() => expect(document.activeElement).toBe(search))
    expect(search.value).toBe('travel')
    // By its title: the name is marked where it matched (<mark>Travel</mark> plans), in pieces.
    expect(await screen.findByTitle('Travel plans')).toBeTruthy()
    await waitFor(() => expect(screen.queryByText('Budget review')).toBeNull())
    // The keys are the box's again.
    press('s')
    expect(search.value).toBe('travels')
  })
})
