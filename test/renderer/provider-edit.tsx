import { QueryClient } from '@tanstack/react-query'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { Router } from '../../src/main/node-api'
import { ProviderWizard } from '../../src/renderer/src/features/providers/ProviderWizard'
import { renderWithApp, routerTransport } from './render'

/**
 * The Edit page of the provider `providerId`, drawn over a real node's API at its address and opened on its Identity
 * step once its heading reads `heading` (its data read). Returns its query client (no retries), for a test to make it
 * read the provider again after a change made elsewhere.
 */
export async function openEdit(node: { readonly router: Router }, providerId: string, heading: string): Promise<QueryClient> {
  window.location.hash = `#/providers/${providerId}/edit`
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  renderWithApp(<ProviderWizard mode={{ kind: 'edit', providerId }} />, routerTransport(node.router), { queryClient })
  await screen.findByRole('heading', { name: heading })
  await userEvent.click(screen.getByRole('tab', { name: /Identity/ }))
  return queryClient
}
