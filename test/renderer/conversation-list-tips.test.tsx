// @vitest-environment happy-dom
import { act, cleanup, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { navigate } from '../../src/renderer/src/app/router'
import { InboxView } from '../../src/renderer/src/features/inboxes/InboxView'
import { useLayoutPrefs } from '../../src/renderer/src/stores/layout-prefs'
import { addProvider, createJob, useTestNode } from '../support/node'
import { layOutLists } from './list-layout'
import { description } from './described-by'
import { renderWithApp, routerTransport } from './render'
import { setWindowWidth } from './window-width'

/*
 * The conversation list's Hide and Show buttons are icons alone, named for a screen reader and shown
 * by a tooltip to the eye. The tooltip's text is their name: made the button's description too
 * (Mantine's Tooltip points aria-describedby at it while open), it was read out twice ("Hide
 * conversations, button, Hide conversations"), as Send and Stop were (composer-icon-tips).
 */

layOutLists({ clientHeight: 600, clientWidth: 240 })
const node = useTestNode({ setup: (n) => addProvider(n, 'gpt') })

beforeEach(() => {
  if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true })
  useLayoutPrefs.setState({ conversationsOpen: true })
  setWindowWidth(1400)
})
afterEach(cleanup)

it('Hide conversations and Show conversations: the tooltip shows the name, which is read out once', async () => {
  const inboxId = `job_inbox::${await createJob(node, 'gpt')}::false`
  act(() => navigate({ name: 'inbox', inboxId }))
  renderWithApp(<InboxView inboxId={inboxId} />, routerTransport(node.router))
  for (const [name, next] of [
    ['Hide conversations', 'Show conversations'],
    ['Show conversations', 'Hide conversations']
  ] as const) {
    const button = await screen.findByRole('button', { name })
    await userEvent.hover(button)
    // Found in the page as it is drawn (its opening transition hides it from the accessibility tree a while).
    await expect.poll(() => document.querySelector('[role="tooltip"]')?.textContent).toBe(name)
    expect(description(button)).toBe('')
    await userEvent.unhover(button)
    await expect.poll(() => document.querySelector('[role="tooltip"]')).toBeNull()
    await userEvent.click(button)
    await screen.findByRole('button', { name: next })
  }
})
