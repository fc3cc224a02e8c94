// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { InboxView } from '../../src/renderer/src/features/inboxes/InboxView'
import { useLayoutPrefs } from '../../src/renderer/src/stores/layout-prefs'
import { addProvider, createJob, useTestNode } from '../support/node'
import { renderWithApp, routerTransport } from './render'
import { setWindowWidth } from './window-width'

// happy-dom has no document.fonts, which the composer's auto-sizing textarea listens to.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true })

// happy-dom lays nothing out: every element reports a 0 px box, in which a virtual list shows no row.
// Each element here reports the size of a window's list instead (the browser's part, not ours).
const clientSize = { clientHeight: 600, clientWidth: 240 }
// A hidden control (display: none) takes no focus in a browser; happy-dom gives it the focus. As Chromium does
// (the browser's part, not ours): a return of the focus to the Conversations button, hidden once the window
// is wide, leaves it on the body.
const focus = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'focus')!
beforeEach(() => {
  for (const [prop, value] of Object.entries(clientSize))
    Object.defineProperty(HTMLElement.prototype, prop, { configurable: true, get: () => value })
  Object.defineProperty(HTMLElement.prototype, 'focus', {
    ...focus,
    value: function (this: HTMLElement, options?: FocusOptions) {
      if (this.checkVisibility()) (focus.value as HTMLElement['focus']).call(this, options)
    }
  })
})
afterEach(() => {
  cleanup()
  for (const prop of Object.keys(clientSize)) delete (HTMLElement.prototype as unknown as Record<string, unknown>)[prop]
  Object.defineProperty(HTMLElement.prototype, 'focus', focus)
})

/**
 * Below lg the conversations beside an open conversation are a drawer; from lg they are a list beside
 * it. The drawer open as the window was widened past lg stayed open over the wide layout: the list shown
 * twice, the conversation under a drawer.
 */
describe('the Conversations drawer as the window is widened past lg', () => {
  const node = useTestNode({ setup: (n) => addProvider(n, 'gpt') })
  let inboxId = ''
  beforeEach(async () => {
    localStorage.clear()
    useLayoutPrefs.setState({ conversationsOpen: true })
    inboxId = `job_inbox::${await createJob(node, 'gpt')}::false`
    await node.post('/v2/update_smart_inbox_name', { inbox_name: inboxId, custom_name: 'Budget review' })
    setWindowWidth(1000)
  })

  const openDrawer = async () => {
    window.location.hash = `#/inboxes/${encodeURIComponent(inboxId)}`
    renderWithApp(<InboxView inboxId={inboxId} />, routerTransport(node.router))
    await userEvent.click(await screen.findByRole('button', { name: 'Conversations' }))
    const drawer = await screen.findByRole('dialog', { name: 'Conversations' })
    await within(drawer).findByRole('link', { name: /Budget review/ })
    return drawer
  }
  const sideRow = () => within(screen.getByTestId('conversation-list')).getByRole('link', { name: /Budget review/ })

  it('closes, and the focus goes to the open conversation’s row in the list beside, not the page body', async () => {
    const drawer = await openDrawer()
    within(drawer)
      .getByRole('link', { name: /Budget review/ })
      .focus()
    setWindowWidth(1400)
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Conversations' })).toBeNull())
    await waitFor(() => expect(document.activeElement).toBe(sideRow()))
  })

  it('the list beside hidden: closes, and the focus goes to its Show conversations toggle', async () => {
    useLayoutPrefs.setState({ conversationsOpen: false })
    await openDrawer()
    setWindowWidth(1400)
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Conversations' })).toBeNull())
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Show conversations' })))
  })

  it('stays open while a Rename asked from one of its rows is open (its text kept), and closes once that dialog is closed', async () => {
    const drawer = await openDrawer()
    fireEvent.keyDown(within(drawer).getByRole('link', { name: /Budget review/ }), { key: 'F2' })
    const dialog = await screen.findByRole('dialog', { name: /Rename/ })
    const field = within(dialog).getByRole('textbox')
    await userEvent.clear(field)
    await userEvent.type(field, 'Q3 budget')
    setWindowWidth(1400)
    await waitFor(() => expect(screen.getByTestId('conversation-list').checkVisibility()).toBe(true))
    // Longer than the drawer's closing transition.
    await new Promise((resolve) => setTimeout(resolve, 600))
    expect(screen.getByRole('dialog', { name: /Rename/ })).toBe(dialog)
    expect(screen.getByRole('dialog', { name: 'Conversations' })).toBe(drawer)
    expect(within(dialog).getByRole('textbox')).toHaveProperty('value', 'Q3 budget')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Rename/ })).toBeNull())
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Conversations' })).toBeNull())
    await waitFor(() => expect(document.activeElement).toBe(sideRow()))
  })

  it('widened within the narrow range, the drawer stays open', async () => {
    await openDrawer()
    setWindowWidth(1150)
    await new Promise((resolve) => setTimeout(resolve, 600))
    expect(screen.getByRole('dialog', { name: 'Conversations' })).toBeTruthy()
  })
})
