// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it } from 'vitest'
import { ProvidersPage } from '../../src/renderer/src/features/providers/ProvidersPage'
import { provider } from '../support/fixtures'
import { useTestNode } from '../support/node'
import { renderWithApp, routerTransport } from './render'

/*
 * 300 providers of one server, added 100 at a time as the wizard adds a server's models. The page
 * drew a row for each at once (about 12,000 elements, 1.5 to 3 s with the window frozen in Chromium).
 */
const COUNT = 300
const id = (i: number) => `model-${String(i).padStart(3, '0')}`

describe('providers page with 300 providers', () => {
  const node = useTestNode({
    setup: async (n) => {
      for (let b = 0; b < COUNT / 100; b++) {
        const providers = Array.from({ length: 100 }, (_, j) =>
          provider(id(b * 100 + j), {
            name: `Server model ${b * 100 + j}`,
            model: { OpenAI: { model_type: id(b * 100 + j) } },
            description: j % 2 === 1 ? 'A fast one' : 'A slow one',
            external_url: 'http://127.0.0.1:9/v1'
          })
        )
        const res = await n.post('/v2/add_llm_providers', { providers })
        if (res.status !== 200) throw new Error(JSON.stringify(res.body))
      }
    }
  })
  afterEach(cleanup)
  const rows = () => screen.queryAllByTestId(/^provider-row-/)

  it('draws the first 50 rows, and 50 more with "Show 50 more"', async () => {
    renderWithApp(<ProvidersPage />, routerTransport(node.router))
    const server = await screen.findByTestId('provider-server')
    expect(within(server).getByText('300 models', { exact: false })).toBeTruthy()
    expect(rows()).toHaveLength(50)
    expect(rows()[0]!.dataset.testid).toBe(`provider-row-${id(0)}`)
    expect(screen.getByText('250 more providers are not shown')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Show 50 more' }))
    await waitFor(() => expect(rows()).toHaveLength(100))
    expect(rows().at(-1)!.dataset.testid).toBe(`provider-row-${id(99)}`)
    expect(screen.getByText('200 more providers are not shown')).toBeTruthy()
  })

  it('shows more of what a search finds, up to its last match', async () => {
    renderWithApp(<ProvidersPage />, routerTransport(node.router))
    // The odd ones: 150 providers.
    fireEvent.change(await screen.findByRole('textbox', { name: 'Find a provider' }), { target: { value: 'FAST' } })
    await waitFor(() => expect(screen.getByText('100 more providers are not shown')).toBeTruthy())
    expect(rows()).toHaveLength(50)
    expect(rows()[0]!.dataset.testid).toBe(`provider-row-${id(1)}`)
    fireEvent.click(screen.getByRole('button', { name: 'Show 50 more' }))
    await waitFor(() => expect(rows()).toHaveLength(100))
    fireEvent.click(screen.getByRole('button', { name: 'Show 50 more' }))
    await waitFor(() => expect(rows()).toHaveLength(150))
    expect(screen.queryByTestId('show-more-providers')).toBeNull()
    expect(rows().at(-1)!.dataset.testid).toBe(`provider-row-${id(299)}`)
  })

  it('finds the 300th provider by its name, and says when nothing matches', async () => {
    renderWithApp(<ProvidersPage />, routerTransport(node.router))
    const find = await screen.findByRole('textbox', { name: 'Find a provider' })
    fireEvent.change(find, { target: { value: 'model 299' } })
    await waitFor(() => expect(rows().map((r) => r.dataset.testid)).toEqual([`provider-row-${id(299)}`]))
    expect(screen.queryByTestId('show-more-providers')).toBeNull()
    fireEvent.change(find, { target: { value: 'nothing like it' } })
    await waitFor(() => expect(rows()).toHaveLength(0))
    expect(screen.getByTestId('no-provider-found').textContent).toBe('No provider matches “nothing like it”.')
    fireEvent.change(find, { target: { value: '' } })
    await waitFor(() => expect(rows()).toHaveLength(50))
  })
})

describe('providers page whose list drops to one page while a search is typed', () => {
  const node = useTestNode({
    setup: async (n) => {
      const providers = Array.from({ length: 51 }, (_, i) =>
        provider(id(i), { name: `Server model ${i}`, external_url: 'http://127.0.0.1:9/v1' })
      )
      const res = await n.post('/v2/add_llm_providers', { providers })
      if (res.status !== 200) throw new Error(JSON.stringify(res.body))
    }
  })
  afterEach(cleanup)
  const rows = () => screen.queryAllByTestId(/^provider-row-/)

  it('keeps the search box, so the providers it hides can be shown again', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    renderWithApp(<ProvidersPage />, routerTransport(node.router), { queryClient })
    fireEvent.change(await screen.findByRole('textbox', { name: 'Find a provider' }), { target: { value: 'model 50' } })
    await waitFor(() => expect(rows().map((r) => r.dataset.testid)).toEqual([`provider-row-${id(50)}`]))
    // Removed elsewhere (another window, a script): 50 providers are left, one page.
    expect((await node.post('/v2/remove_llm_provider', { llm_provider_id: id(0) })).status).toBe(200)
    await queryClient.invalidateQueries()
    await waitFor(() => expect(screen.queryByText(/^51 providers/)).toBeNull())
    const find = screen.getByRole('textbox', { name: 'Find a provider' })
    fireEvent.change(find, { target: { value: '' } })
    await waitFor(() => expect(rows()).toHaveLength(50))
  })
})
