// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { InboxView } from '../../src/renderer/src/features/inboxes/InboxView'
import { addProvider, useJob, useTestNode } from '../support/node'
import { layOutLists } from './list-layout'
import { renderWithApp, routerTransport } from './render'
import { setWindowWidth } from './window-width'

// The scope dialog's library tree is a virtual list: it draws the rows a list of this height shows.
layOutLists()
// happy-dom has no document.fonts, which the composer's auto-sizing textarea listens to.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true })

// A hidden control (display: none) takes no focus in a browser; happy-dom gives it the focus. As Chromium does
// (the browser's part, not ours): the drawer's own return of the focus to the Details button, hidden once
// the window is wide, leaves it on the body.
const focus = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'focus')!
beforeEach(() => {
  Object.defineProperty(HTMLElement.prototype, 'focus', {
    ...focus,
    value: function (this: HTMLElement, options?: FocusOptions) {
      if (this.checkVisibility()) (focus.value as HTMLElement['focus']).call(this, options)
    }
  })
})
afterEach(() => {
  Object.defineProperty(HTMLElement.prototype, 'focus', focus)
})

/**
 * Below xl the job's details open in a drawer; from xl they are beside the conversation. The drawer
 * open as the window was widened past xl stayed open over the wide layout: the details shown twice.
 */
describe('the Details drawer as the window is widened past xl', () => {
  const node = useTestNode({ setup: (n) => addProvider(n, 'gpt') })
  const job = useJob(node, 'gpt')
  beforeEach(() => setWindowWidth(1200))
  afterEach(cleanup)

  const openDrawer = async () => {
    const inboxId = `job_inbox::${job.id}::false`
    window.location.hash = `#/inboxes/${encodeURIComponent(inboxId)}`
    renderWithApp(<InboxView inboxId={inboxId} />, routerTransport(node.router))
    await userEvent.click(await screen.findByRole('button', { name: 'Details' }))
    return screen.findByRole('dialog', { name: 'Job details' })
  }

  it('closes, and the focus goes to the panel beside the conversation, not the page body', async () => {
    const drawer = await openDrawer()
    within(drawer).getByRole('button', { name: 'Edit scope' }).focus()
    setWindowWidth(1600)
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Job details' })).toBeNull())
    const aside = screen.getByRole('complementary', { name: 'Job details' })
    await waitFor(() => expect(document.activeElement).toBe(within(aside).getByRole('button', { name: 'Edit scope' })))
  })

  it('stays open while a dialog opened from it is open (its work kept), and closes once that dialog is closed', async () => {
    const drawer = await openDrawer()
    await userEvent.click(within(drawer).getByRole('button', { name: 'Edit scope' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit scope' })
    setWindowWidth(1600)
    // The change has been told (the panel beside shows), and both are still open.
    const aside = screen.getAllByRole('complementary', { name: 'Job details' }).find((a) => !drawer.contains(a))!
    await waitFor(() => expect(aside.checkVisibility()).toBe(true))
    // Longer than the drawer's closing transition (200 ms).
    await new Promise((resolve) => setTimeout(resolve, 600))
    expect(screen.getByRole('dialog', { name: 'Edit scope' })).toBe(dialog)
    expect(screen.getByRole('dialog', { name: 'Job details' })).toBe(drawer)
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit scope' })).toBeNull())
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Job details' })).toBeNull())
    await waitFor(() => expect(document.activeElement).toBe(within(aside).getByRole('button', { name: 'Edit scope' })))
  })

  it('narrowed again, or widened within the narrow range, the drawer stays open', async () => {
    await openDrawer()
    setWindowWidth(1300)
    await new Promise((resolve) => setTimeout(resolve, 600))
    expect(screen.getByRole('dialog', { name: 'Job details' })).toBeTruthy()
  })
})
