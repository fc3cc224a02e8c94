import { cleanup, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach } from 'vitest'
import type { Router } from '../../src/main/node-api'
import { useAddDraft } from '../../src/renderer/src/features/providers/draft-store'
import { ProviderWizard } from '../../src/renderer/src/features/providers/ProviderWizard'
import { renderWithApp, routerTransport } from './render'

/** Each test of the file starts the "Add an LLM provider" wizard afresh: no draft kept from another, at its address. */
export function useFreshAddWizard(): void {
  beforeEach(() => {
    useAddDraft.getState().discard()
    localStorage.clear()
    window.location.hash = '#/providers/new'
  })
  afterEach(cleanup)
}

/** The first-run wizard, drawn over a real node's API. */
export const renderAddWizard = (node: { readonly router: Router }) =>
  renderWithApp(<ProviderWizard mode={{ kind: 'add', firstRun: true }} />, routerTransport(node.router))

/** The first-run wizard opened over `node`, taken to its identity step for an OpenAI-compatible server's `model`. */
export async function wizardAtIdentity(node: { readonly router: Router }, serverUrl: string, model: string): Promise<void> {
  const next = () => userEvent.click(screen.getByRole('button', { name: 'Next' }))
  renderAddWizard(node)
  await userEvent.click(await screen.findByRole('radio', { name: 'OpenAI-compatible server' }))
  await next()
  await userEvent.type(screen.getByLabelText(/^API base URL/), `${serverUrl}/v1`)
  await next()
  await userEvent.click(await screen.findByRole('checkbox', { name: model }))
  await next()
}
