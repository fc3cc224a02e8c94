// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { InboxView } from '../../src/renderer/src/features/inboxes/InboxView'
import { addProvider, useJob, useTestNode } from '../support/node'
import { layOutLists } from './list-layout'
import { renderWithApp, routerTransport } from './render'
import { setWindowWidth } from './window-width'

layOutLists()
// happy-dom has no document.fonts, which the composer's auto-sizing textarea listens to.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true })

/*
 * Below xl the job's details open in a drawer over the conversation. Ctrl+F typed in it was left to the
 * browser's own find (the drawer is a dialog, whose keys the conversation's find leaves alone), and in
 * Electron, which has none, nothing happened. Now the drawer closes and the find opens on the conversation,
 * its box focused, as from the Conversations drawer.
 */
describe('Ctrl+F in the Job details drawer', () => {
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

  it('closes the drawer and opens the find on the conversation, the focus in its box and kept there', async () => {
    const drawer = await openDrawer()
    within(drawer).getByRole('button', { name: 'Edit scope' }).focus()
    await userEvent.keyboard('{Control>}f{/Control}')
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Job details' })).toBeNull())
    const find = screen.getByRole('textbox', { name: 'Find in conversation' })
    await waitFor(() => expect(document.activeElement).toBe(find))
    // The drawer, once closed, does not take the focus back to the Details button (longer than its 200 ms transition).
    await new Promise((resolve) => setTimeout(resolve, 600))
    expect(document.activeElement).toBe(find)
  })

  it('leaves Ctrl+F to a dialog opened from the drawer: the drawer stays, no find behind the dialog', async () => {
    const drawer = await openDrawer()
    await userEvent.click(within(drawer).getByRole('button', { name: 'Edit scope' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit scope' })
    await userEvent.keyboard('{Control>}f{/Control}')
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(screen.getByRole('dialog', { name: 'Edit scope' })).toBe(dialog)
    expect(screen.getByRole('dialog', { name: 'Job details' })).toBe(drawer)
    expect(screen.queryByRole('textbox', { name: 'Find in conversation' })).toBeNull()
  })
})
