// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { AppLayout } from '../../src/renderer/src/app/AppLayout'
import type { Transport } from '../../src/renderer/src/api/transport'
import { renderWithApp } from './render'

afterEach(cleanup)

/** A node that is gone: every call fails as fetch does when nothing listens on the port. */
const gone = (kind: Transport['kind']): Transport => ({
  kind,
  request: () => Promise.reject(new TypeError('Failed to fetch')),
  onEvent: () => () => {}
})

const layout = (kind: Transport['kind']) =>
  renderWithApp(
    <AppLayout route={{ name: 'inboxes' }}>
      <p>page</p>
    </AppLayout>,
    gone(kind)
  )

describe('the notice that the node is not answering', () => {
  it('in a browser tab of the headless node, says what to do when the node was started again (it never comes back by itself then)', async () => {
    layout('http')
    const banner = await screen.findByTestId('node-down-banner')
    expect(banner.textContent).toContain('The node is not answering')
    expect(banner.textContent).toContain('If the node was stopped, start it again and open the UI address it prints')
    expect(banner.textContent).toContain('one on another port cannot be found from here')
  })

  it('in the desktop app, where the node is the app’s own, says only that it goes away by itself', async () => {
    layout('ipc')
    const banner = await screen.findByTestId('node-down-banner')
    expect(banner.textContent).toContain('this message goes away by itself when it answers again')
    expect(banner.textContent).not.toContain('UI address')
  })
})
