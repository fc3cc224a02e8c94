// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { InboxView } from '../../src/renderer/src/features/inboxes/InboxView'
import { useLayoutPrefs } from '../../src/renderer/src/stores/layout-prefs'
import { addProvider, createJob, useTestNode } from '../support/node'
import { layOutLists } from './list-layout'
import { setWindowWidth } from './window-width'
import { renderWithApp, routerTransport } from './render'

/*
 * A menu opened from the keyboard, and its keys pressed right after (no frame, no timer between them):
 * they went to the button that opened it, whose Enter closed it again, as Mantine draws the items a
 * frame later and focuses the first a timer after that. Real in-process node.
 */

layOutLists({ clientHeight: 600, clientWidth: 240 })
const node = useTestNode({ setup: (n) => addProvider(n, 'gpt') })
let inbox: string

beforeEach(async () => {
  // happy-dom has no document.fonts, which the composer's auto-sizing textarea listens to.
  if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true })
  useLayoutPrefs.setState({ conversationsOpen: true })
  setWindowWidth(1400)
  inbox = `job_inbox::${await createJob(node, 'gpt')}::false`
  await node.post('/v2/update_smart_inbox_name', { inbox_name: inbox, custom_name: 'Lease talk' })
  window.location.hash = `#/inboxes/${encodeURIComponent(inbox)}`
})
afterEach(() => cleanup())

/**
 * Each key is a task of its own: its listeners run, then the microtasks they queued, and the next key
 * comes. No frame is drawn and no timer runs in between.
 */
async function key(el: Element, key: string) {
  // Enter on a button, as the browser does it: the button is clicked.
  if (fireEvent.keyDown(el, { key }) && key === 'Enter') fireEvent.click(el)
  await Promise.resolve()
}

it('the conversation menu: Enter on its button, then ArrowDown and Enter at once, chooses the third item (Hide)', async () => {
  renderWithApp(<InboxView inboxId={inbox} />, routerTransport(node.router))
  const button = await screen.findByRole('button', { name: 'Conversation actions' })
  button.focus()
  await key(button, 'Enter')
  expect(document.activeElement?.textContent).toBe('Rename')
  await key(document.activeElement!, 'ArrowDown')
  expect(document.activeElement?.textContent).toBe('Pin')
  await key(document.activeElement!, 'ArrowDown')
  expect(document.activeElement?.textContent).toBe('Hide')
  await key(document.activeElement!, 'Enter')
  await waitFor(async () =>
    expect(((await node.get('/v2/get_inbox', { inbox_name: inbox })).body as { is_hidden: boolean }).is_hidden).toBe(true)
  )
  await waitFor(() => expect(screen.queryByRole('menu')).toBeNull())
  // The focus goes back to the button that opened it.
  await waitFor(() => expect(document.activeElement).toBe(button))
})

it('the trap’s late focus does not take the focus back to the first item from the one the keys moved to', async () => {
  renderWithApp(<InboxView inboxId={inbox} />, routerTransport(node.router))
  const button = await screen.findByRole('button', { name: 'Conversation actions' })
  button.focus()
  await key(button, 'Enter')
  await key(document.activeElement!, 'ArrowDown')
  await key(document.activeElement!, 'ArrowDown')
  await key(document.activeElement!, 'ArrowDown')
  expect(document.activeElement?.textContent).toBe('Export as Markdown')
  // Its timers run (and the frames after).
  await new Promise((r) => setTimeout(r, 100))
  expect(document.activeElement?.textContent).toBe('Export as Markdown')
  // Escape closes it, the focus back on the button.
  await key(document.activeElement!, 'Escape')
  await waitFor(() => expect(screen.queryByRole('menu')).toBeNull())
  await waitFor(() => expect(document.activeElement).toBe(button))
})
