// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it } from 'vitest'
import { NewJobPage } from '../../src/renderer/src/features/jobs/NewJobPage'
import { useNewJobDraft } from '../../src/renderer/src/features/jobs/new-job-draft'
import type { Inbox } from '../../src/shared/contract/inbox'
import { emptyScope } from '../../src/shared/contract/scope'
import { addProvider, useTestNode } from '../support/node'
import { renderWithApp, routerTransport } from './render'

describe('New job page against a real node', () => {
  const node = useTestNode({
    setup: async (n) => {
      await addProvider(n, 'gpt')
      useNewJobDraft.getState().reset()
    }
  })
  afterEach(cleanup)

  it('a draft naming a provider that was removed since (kept across reloads) falls back to a stored one; Create job creates the job', async () => {
    await addProvider(node, 'gone')
    useNewJobDraft.getState().set({ providerId: 'gone' })
    expect((await node.post('/v2/remove_llm_provider', { llm_provider_id: 'gone' })).status).toBe(200)
    renderWithApp(<NewJobPage />, routerTransport(node.router))
    const select = screen.getByLabelText<HTMLInputElement>(/^Provider/, { selector: 'input' })
    await waitFor(() => expect(select.value).toMatch(/^gpt/))
    // Said, not switched silently: the job would be made on a provider the operator did not choose.
    expect(screen.getByTestId('provider-replaced').textContent).toMatch(
      /“gone” chosen for this job has been removed from the node.*“gpt.*” is chosen instead/
    )
    // Dismissed from the keyboard, its button gone: the focus goes to the provider it spoke of, not to the page.
    const dismiss = within(screen.getByTestId('provider-replaced')).getByRole('button', { name: 'Dismiss' })
    dismiss.focus()
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(screen.queryByTestId('provider-replaced')).toBeNull())
    await waitFor(() => expect(document.activeElement).toBe(select))
    await userEvent.click(screen.getByRole('button', { name: 'Create job' }))
    await waitFor(async () => expect((await node.get('/v2/all_inboxes')).body as Inbox[]).toHaveLength(1))
    expect(((await node.get('/v2/all_inboxes')).body as Inbox[])[0]!.agent.id).toBe('gpt')
  })

  it('a network folder typed but not added stops Create job with a sentence on its field, the typing kept; added, it is in the job', async () => {
    renderWithApp(<NewJobPage />, routerTransport(node.router))
    const select = screen.getByLabelText<HTMLInputElement>(/^Provider/, { selector: 'input' })
    await waitFor(() => expect(select.value).toMatch(/^gpt/))
    const advanced = screen.getByRole('button', { name: 'Advanced: folders on other nodes' })
    await userEvent.click(advanced)
    const network = screen.getByRole('region', { name: 'Folders on other nodes' })
    const field = (label: string) => within(network).getByLabelText<HTMLInputElement>(label, { exact: false, selector: 'input' })
    await userEvent.type(field('Remote node'), '@@other.sep-shinkai')
    await userEvent.type(field('Remote agent'), 'my_agent')
    await userEvent.type(field('Shared folder name'), 'Shared')
    await userEvent.type(field('Path'), 'Reports') // not Entered either: taken as the field is left
    // Closed again: Create still finds the typing, and opens the part to say so.
    await userEvent.click(advanced)
    await userEvent.click(screen.getByRole('button', { name: 'Create job' }))
    expect(await within(network).findByText('Press Add network folder to include this folder, or clear the field.')).toBeTruthy()
    expect(advanced.getAttribute('aria-expanded')).toBe('true')
    await waitFor(() => expect(document.activeElement).toBe(field('Remote node')))
    expect(field('Remote node').getAttribute('aria-invalid')).toBe('true')
    // No job was made without the folder, and nothing typed was lost.
    await new Promise((r) => setTimeout(r, 300))
    expect((await node.get('/v2/all_inboxes')).body as Inbox[]).toHaveLength(0)
    expect(field('Remote node').value).toBe('@@other.sep-shinkai')
    expect(within(network).getByText('Reports')).toBeTruthy()
    // Added, the sentence goes and Create job makes the job with the folder.
    await userEvent.click(within(network).getByRole('button', { name: 'Add network folder' }))
    expect(within(network).queryByText(/Press Add network folder/)).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'Create job' }))
    await waitFor(async () => expect((await node.get('/v2/all_inboxes')).body as Inbox[]).toHaveLength(1))
    const jobId = ((await node.get('/v2/all_inboxes')).body as Inbox[])[0]!.inbox_id.split('::')[1]!
    const scope = (await node.get('/v2/get_job_scope', { job_id: jobId })).body as { network_folders: { path: { path_ids: string[] } }[] }
    expect(scope.network_folders.map((f) => f.path.path_ids)).toEqual([['Reports']])
  })

  it('a network folder typed but not added is kept with the rest of the draft when the page is left and opened again; Clear names it', async () => {
    const page = renderWithApp(<NewJobPage />, routerTransport(node.router))
    await userEvent.click(screen.getByRole('button', { name: 'Advanced: folders on other nodes' }))
    let network = screen.getByRole('region', { name: 'Folders on other nodes' })
    const field = (label: string) => within(network).getByLabelText<HTMLInputElement>(label, { exact: false, selector: 'input' })
    await userEvent.type(field('Remote node'), '@@other.sep-shinkai')
    await userEvent.type(field('Shared folder name'), 'Shared')
    await userEvent.type(screen.getByLabelText('Sheet association'), 'Budget')
    page.unmount()

    renderWithApp(<NewJobPage />, routerTransport(node.router))
    // Shown again, its part open: the typing is where it was left.
    expect(screen.getByRole('button', { name: 'Advanced: folders on other nodes' }).getAttribute('aria-expanded')).toBe('true')
    network = screen.getByRole('region', { name: 'Folders on other nodes' })
    expect(field('Remote node').value).toBe('@@other.sep-shinkai')
    expect(field('Shared folder name').value).toBe('Shared')
    expect(screen.getByLabelText<HTMLInputElement>('Sheet association').value).toBe('Budget')

    await userEvent.click(screen.getByRole('button', { name: 'Clear' }))
    const dialog = await screen.findByRole('dialog', { name: 'Clear the new job?' })
    expect(dialog.textContent).toContain(
      'The sheet association “Budget” and the network folder typed but not added will be discarded. The provider stays chosen.'
    )
    await userEvent.click(within(dialog).getByRole('button', { name: 'Clear' }))
    await waitFor(() => expect(field('Remote node').value).toBe(''))
    expect(field('Shared folder name').value).toBe('')
  })

  it('a folder name typed into Path, the page left with the focus still in the field, is there when the page is opened again', async () => {
    // Left by a key (Alt+Up/Down in a conversation, Ctrl+K, Back): the field is taken away with the focus in
    // it, not left first, so it never took the name it held; the name was lost without a word.
    const page = renderWithApp(<NewJobPage />, routerTransport(node.router))
    await userEvent.click(screen.getByRole('button', { name: 'Advanced: folders on other nodes' }))
    const path = () =>
      within(screen.getByRole('region', { name: 'Folders on other nodes' })).getByLabelText<HTMLInputElement>('Path', {
        exact: false,
        selector: 'input'
      })
    await userEvent.type(path(), 'Reports')
    expect(document.activeElement).toBe(path())
    page.unmount()

    renderWithApp(<NewJobPage />, routerTransport(node.router))
    expect(screen.getByRole('button', { name: 'Advanced: folders on other nodes' }).getAttribute('aria-expanded')).toBe('true')
    expect(path().value).toBe('Reports')
    // Entered now, it is the path's first folder, as if never left.
    await userEvent.type(path(), '{Enter}')
    expect(path().value).toBe('')
    expect(useNewJobDraft.getState().networkTyping.path).toEqual(['Reports'])
  })

  it('a path alone typed into the network folder form is said on the Path field; cleared, Create job creates', async () => {
    renderWithApp(<NewJobPage />, routerTransport(node.router))
    const select = screen.getByLabelText<HTMLInputElement>(/^Provider/, { selector: 'input' })
    await waitFor(() => expect(select.value).toMatch(/^gpt/))
    await userEvent.click(screen.getByRole('button', { name: 'Advanced: folders on other nodes' }))
    const network = screen.getByRole('region', { name: 'Folders on other nodes' })
    const path = within(network).getByLabelText<HTMLInputElement>('Path', { exact: false, selector: 'input' })
    await userEvent.type(path, 'Reports')
    await userEvent.click(screen.getByRole('button', { name: 'Create job' }))
    await waitFor(() => expect(document.activeElement).toBe(path))
    expect(path.getAttribute('aria-invalid')).toBe('true')
    expect(within(network).getByText('Press Add network folder to include this folder, or clear the field.')).toBeTruthy()
    expect((await node.get('/v2/all_inboxes')).body as Inbox[]).toHaveLength(0)
    // Cleared (its folder removed), nothing is held: the sentence goes and the job is created.
    await userEvent.click(path)
    await userEvent.keyboard('{Backspace}')
    await waitFor(() => expect(within(network).queryByText(/Press Add network folder/)).toBeNull())
    await userEvent.click(screen.getByRole('button', { name: 'Create job' }))
    await waitFor(async () => expect((await node.get('/v2/all_inboxes')).body as Inbox[]).toHaveLength(1))
  })

  it('the chosen provider removed elsewhere while the page is open: the one chosen instead is said, until another is picked', async () => {
    await addProvider(node, 'chosen')
    await addProvider(node, 'other')
    useNewJobDraft.getState().set({ providerId: 'chosen' })
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    renderWithApp(<NewJobPage />, routerTransport(node.router), { queryClient })
    const select = screen.getByLabelText<HTMLInputElement>(/^Provider/, { selector: 'input' })
    await waitFor(() => expect(select.value).toMatch(/^chosen/))
    expect(screen.queryByTestId('provider-replaced')).toBeNull()
    expect((await node.post('/v2/remove_llm_provider', { llm_provider_id: 'chosen' })).status).toBe(200)
    // As the node's event has the window do.
    await queryClient.invalidateQueries({ queryKey: ['providers'] })
    await waitFor(() => expect(select.value).toMatch(/^gpt/))
    expect(screen.getByRole('alert').textContent).toMatch(/“chosen” chosen for this job has been removed from the node/)
    await userEvent.click(select)
    await userEvent.click(await screen.findByRole('option', { name: /^other/, hidden: true }))
    await waitFor(() => expect(select.value).toMatch(/^other/))
    await waitFor(() => expect(screen.queryByTestId('provider-replaced')).toBeNull())
  })

  it('with no provider stored, the provider list says there is none yet (not that none matches what was typed)', async () => {
    expect((await node.post('/v2/remove_llm_provider', { llm_provider_id: 'gpt' })).status).toBe(200)
    renderWithApp(<NewJobPage />, routerTransport(node.router))
    await screen.findByText(/A job needs a provider/)
    await userEvent.click(screen.getByLabelText<HTMLInputElement>(/^Provider/, { selector: 'input' }))
    expect(await screen.findByText('No provider yet: add one first.')).toBeTruthy()
    expect(screen.queryByText('No provider matches')).toBeNull()
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Create job' }).disabled).toBe(true)
  })
})

describe('New job page: Clear', () => {
  const node = useTestNode({
    setup: async (n) => {
      await addProvider(n, 'gpt')
      useNewJobDraft.getState().reset()
    }
  })
  afterEach(cleanup)
  const folder = (name: string) => ({ name, path: { path_ids: [name] } })

  it('asks first, naming what would be discarded; kept, nothing changes and the focus is back on Clear; cleared, it starts at Provider', async () => {
    // Folders in the library: the count is of entries there (gone ones are counted as missing).
    for (const name of ['Contracts', 'Leases'])
      expect((await node.post('/v2/create_folder', { path: '/', folder_name: name })).status).toBe(200)
    useNewJobDraft.getState().set({
      scope: { ...emptyScope(), vector_fs_folders: [folder('Contracts'), folder('Leases')] },
      sheet: 'Q3 budget',
      hidden: true
    })
    renderWithApp(<NewJobPage />, routerTransport(node.router))
    const provider = screen.getByLabelText<HTMLInputElement>(/^Provider/, { selector: 'input' })
    await waitFor(() => expect(provider.value).toMatch(/^gpt/))
    const clear = screen.getByRole('button', { name: 'Clear' })

    await userEvent.click(clear)
    const dialog = await screen.findByRole('dialog', { name: 'Clear the new job?' })
    expect(dialog.textContent).toContain(
      'The scope (2 entries), the sheet association “Q3 budget” and the “Hidden job” setting will be discarded. The provider stays chosen.'
    )
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep editing' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(document.activeElement).toBe(clear))
    expect(useNewJobDraft.getState()).toMatchObject({ sheet: 'Q3 budget', hidden: true })
    expect(useNewJobDraft.getState().scope.vector_fs_folders).toHaveLength(2)

    await userEvent.click(clear)
    const again = await screen.findByRole('dialog', { name: 'Clear the new job?' })
    await userEvent.click(within(again).getByRole('button', { name: 'Clear' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(document.activeElement).toBe(provider))
    expect(useNewJobDraft.getState()).toMatchObject({ sheet: '', hidden: false, scope: emptyScope(), providerId: 'gpt' })
  })

  it('with nothing to lose, clears without asking', async () => {
    useNewJobDraft.getState().set({ sheet: '   ' })
    renderWithApp(<NewJobPage />, routerTransport(node.router))
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }))
    expect(useNewJobDraft.getState().sheet).toBe('')
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})

describe('New job page: the provider offered first', () => {
  const node = useTestNode({
    setup: async (n) => {
      // Listed first, but its server is down: its last check failed.
      await addProvider(n, 'down', { external_url: 'http://127.0.0.1:9/v1' })
      await addProvider(n, 'gpt')
      useNewJobDraft.getState().reset()
      useNewJobDraft.getState().set({ providerId: null })
    }
  })
  afterEach(cleanup)

  it('is the first one whose last check did not fail', async () => {
    expect((await node.post('/v2/check_llm_provider', { llm_provider_id: 'down' })).status).not.toBe(200)
    const listed = (await node.get('/v2/available_llm_providers')).body as { id: string; last_check: { ok: boolean } | null }[]
    expect(listed.map((p) => [p.id, p.last_check?.ok ?? null])).toEqual([
      ['down', false],
      ['gpt', null]
    ])
    renderWithApp(<NewJobPage />, routerTransport(node.router))
    const select = screen.getByLabelText<HTMLInputElement>(/^Provider/, { selector: 'input' })
    await waitFor(() => expect(select.value).toMatch(/^gpt/))
  })
})
