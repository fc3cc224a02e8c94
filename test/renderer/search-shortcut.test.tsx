// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { App } from '../../src/renderer/src/app/App'
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
