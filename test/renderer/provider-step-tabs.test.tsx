// @vitest-environment happy-dom
// @vitest-environment-options {"settings": {"fetch": {"disableSameOriginPolicy": true}}}
import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { useAddDraft } from '../../src/renderer/src/features/providers/draft-store'
import { ProviderWizard } from '../../src/renderer/src/features/providers/ProviderWizard'
import { addProvider, useFakeLlm, useTestNode } from '../support/node'
import { renderWithApp, routerTransport } from './render'

const node = useTestNode()
const fake = useFakeLlm(['llama3.2'])
beforeEach(() => {
  useAddDraft.getState().discard()
  localStorage.clear()
  window.location.hash = '#/providers/new'
})
afterEach(cleanup)

const wizard = (mode: Parameters<typeof ProviderWizard>[0]['mode']) =>
  renderWithApp(<ProviderWizard mode={mode} />, routerTransport(node.router))
const tab = (name: RegExp) => screen.getByRole('tab', { name })
/** The step tabs the Tab key stops on. */
const tabStops = () => screen.getAllByRole('tab').filter((t) => t.tabIndex >= 0)
const focused = () => document.activeElement

describe('provider wizard: the step tabs are one Tab stop, arrows moving between them', () => {
  it('editing: Right/Left/Home/End move the focus without leaving the step; Enter goes to the step focused', async () => {
    await addProvider(node, 'gpt', { external_url: fake.url, model: { OpenAI: { model_type: 'llama3.2' } } })
    wizard({ kind: 'edit', providerId: 'gpt' })
    await screen.findByRole('heading', { name: 'Edit provider “gpt”' })
    expect(screen.getByRole('tablist', { name: 'Steps' })).toBeTruthy()
    await waitFor(() => expect(focused()).toBe(tab(/Kind/)))
    // Five tabs, one Tab stop: the step shown.
    expect(screen.getAllByRole('tab')).toHaveLength(5)
    expect(tabStops()).toEqual([tab(/Kind/)])
    expect(tab(/Kind/).getAttribute('aria-selected')).toBe('true')
    expect(screen.getByRole('tabpanel', { name: /Kind/ })).toBeTruthy()

    await userEvent.keyboard('{ArrowRight}')
    expect(focused()).toBe(tab(/Connection/))
    // Moving is not choosing: the kinds are still shown, the Tab stop follows the focus.
    expect(screen.getByRole('radio', { name: 'OpenAI-compatible server' })).toBeTruthy()
    expect(tabStops()).toEqual([tab(/Connection/)])
    await userEvent.keyboard('{End}')
    expect(focused()).toBe(tab(/Review/))
    await userEvent.keyboard('{ArrowRight}')
    expect(focused()).toBe(tab(/Kind/))
    await userEvent.keyboard('{ArrowLeft}')
    expect(focused()).toBe(tab(/Review/))
    await userEvent.keyboard('{Home}')
    expect(focused()).toBe(tab(/Kind/))

    // Enter on a tab goes to its step; the focus stays on the tab, now the Tab stop.
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{Enter}')
    await screen.findByRole('tabpanel', { name: /Model/ })
    expect(tab(/Model/).getAttribute('aria-selected')).toBe('true')
    await waitFor(() => expect(focused()).toBe(tab(/Model/)))
    expect(tabStops()).toEqual([tab(/Model/)])
    // Tab leaves the tabs for the step's fields, not the next tab.
    await userEvent.tab()
    expect(focused()?.getAttribute('role')).not.toBe('tab')
    // Back in with Shift+Tab: on the step shown.
    await userEvent.tab({ shift: true })
    expect(focused()).toBe(tab(/Model/))
  })

  it('adding: the same single Tab stop; a step not reached is focusable but Enter does not go to it, a step done does', async () => {
    wizard({ kind: 'add', firstRun: false })
    await screen.findByRole('heading', { name: 'Add an LLM provider' })
    expect(tabStops()).toEqual([tab(/Kind/)])
    tab(/Kind/).focus()
    await userEvent.keyboard('{ArrowRight}')
    expect(focused()).toBe(tab(/Connection/))
    expect(tab(/Connection/).getAttribute('aria-disabled')).toBe('true')
    await userEvent.keyboard('{Enter}')
    await userEvent.click(tab(/Review/))
    expect(tab(/Kind/).getAttribute('aria-selected')).toBe('true')

    // Past the first step, the kind's tab takes the wizard back there.
    await userEvent.click(screen.getByRole('radio', { name: 'Ollama' }))
    await userEvent.click(screen.getByRole('button', { name: 'Next' }))
    await screen.findByLabelText<HTMLInputElement>('API base URL')
    expect(tabStops()).toEqual([tab(/Connection/)])
    expect(tab(/Kind/).getAttribute('aria-disabled')).toBeNull()
    tab(/Connection/).focus()
    await userEvent.keyboard('{ArrowLeft}{Enter}')
    await screen.findByRole('tabpanel', { name: /Kind/ })
    expect(screen.getByRole('radio', { name: 'Ollama' }).getAttribute('aria-checked')).toBe('true')
  })
})
