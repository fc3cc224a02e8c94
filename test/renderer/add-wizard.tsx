import { cleanup } from '@testing-library/react'
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
