// @vitest-environment happy-dom
import { act, cleanup, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { App } from '../../src/renderer/src/app/App'
import { navigate } from '../../src/renderer/src/app/router'
import { objectBridgeTransport } from './object-bridge'
import { useTestNode } from '../support/node'
import { renderWithApp } from './render'
import { setWindowWidth } from './window-width'

/*
 * With no provider yet the window opens on the wizard once the provider list is read (twice). A link
 * clicked before those answers came (the navigation is drawn at once) opened its screen, and the wizard
 * replaced it a moment later: a CI run typed into Settings' node name for two minutes, on the wizard.
 */
describe('first run, the providers not read yet', () => {
  const node = useTestNode()
  beforeEach(() => {
    setWindowWidth(1280)
    location.hash = ''
  })
  afterEach(() => {
    cleanup()
    location.hash = ''
  })

  /** The node, with its provider list held until released. */
  function heldProviders() {
    const releases: (() => void)[] = []
    const transport = objectBridgeTransport({
      request: async (req) => {
        if (req.path === '/v2/available_llm_providers') await new Promise<void>((r) => releases.push(r))
        return node.router.handle(req)
      },
      onEvent: () => () => {}
    })
    const releaseAll = async () => {
      for (let i = 0; i < 20 && releases.length === 0; i++) await act(() => new Promise((r) => setTimeout(r, 10)))
      await act(async () => {
        releases.splice(0).forEach((r) => r())
        await new Promise((r) => setTimeout(r, 20))
      })
    }
    return { transport, releaseAll }
  }

  /** The providers read (the first reading, then the second the wizard waits for): Settings is still shown. */
  async function settingsStays(releaseAll: () => Promise<void>) {
    await releaseAll()
    await releaseAll()
    expect(await screen.findByRole('textbox', { name: 'Node name' }, { timeout: 5_000 })).toBeTruthy()
    await new Promise((r) => setTimeout(r, 100))
    expect(location.hash).toBe('#/settings')
    expect(screen.queryByRole('heading', { name: 'Add an LLM provider' })).toBeNull()
  }

  it('a screen opened before the answers stays open; the wizard does not replace it', async () => {
    const { transport, releaseAll } = heldProviders()
    renderWithApp(<App />, transport)
    act(() => navigate({ name: 'settings' }))
    await settingsStays(releaseAll)
  })

  it('a window opened on Settings (its address) stays there; the wizard does not replace it', async () => {
    location.hash = '#/settings'
    const { transport, releaseAll } = heldProviders()
    renderWithApp(<App />, transport)
    await settingsStays(releaseAll)
  })

  it('left where it opened, the window goes to the wizard', async () => {
    const { transport, releaseAll } = heldProviders()
    renderWithApp(<App />, transport)
    await releaseAll()
    await releaseAll()
    await waitFor(() => expect(location.hash).toBe('#/providers/new'), { timeout: 5_000 })
    expect(await screen.findByRole('heading', { name: 'Add an LLM provider' }, { timeout: 5_000 })).toBeTruthy()
  })

  it('the wizard takes the place of the list in the window’s history: Back goes to where the window was before', async () => {
    const { transport, releaseAll } = heldProviders()
    const entries = history.length
    renderWithApp(<App />, transport)
    await releaseAll()
    await releaseAll()
    await waitFor(() => expect(location.hash).toBe('#/providers/new'), { timeout: 5_000 })
    expect(await screen.findByRole('heading', { name: 'Add an LLM provider' }, { timeout: 5_000 })).toBeTruthy()
    // No entry added: Back from the wizard showed an empty Inboxes page, and only Back again left the app.
    expect(history.length).toBe(entries)
  })
})
