// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import type { Router } from '../../src/main/node-api/router'
import { NewJobPage } from '../../src/renderer/src/features/jobs/NewJobPage'
import { useNewJobDraft } from '../../src/renderer/src/features/jobs/new-job-draft'
import type { Inbox } from '../../src/shared/contract/inbox'
import { emptyScope, type JobScope } from '../../src/shared/contract/scope'
import { addProvider, useTestNode } from '../support/node'
import { layOutLists } from './list-layout'
import { renderWithApp, routerTransport } from './render'

layOutLists()

/*
 * A file or folder chosen in the scope picker, then deleted elsewhere (another window, a script over
 * HTTP) before Create job: the node takes such a scope (the contract keeps an entry whose path no
 * longer exists; it finds nothing), so the job was created without a word, drawing on nothing there.
 * Create now asks the node about the chosen paths alone, names the items gone, and lets the operator
 * remove them and create, or go back. This window hears no events (the router's transport), as a
 * window does not hear a deletion before its event comes.
 */
describe('New job: Create when chosen items were deleted meanwhile', () => {
  const node = useTestNode({
    setup: async (n) => {
      await addProvider(n, 'gpt')
      for (const filename of ['lease.txt', 'notes.txt'])
        await n.post('/v2/upload_file_to_folder', { path: '/', filename, file_data: new TextEncoder().encode(`Text of ${filename}.`) })
      await n.post('/v2/create_folder', { path: '/', folder_name: 'Old' })
      useNewJobDraft.getState().reset()
    }
  })
  afterEach(cleanup)

  /** The router, with the requests the window makes written down (method and path). */
  function recording(router: Router) {
    const calls: string[] = []
    const handle: Router['handle'] = (req) => {
      calls.push(`${req.method} ${req.path}`)
      return router.handle(req)
    }
    return { calls, router: { ...router, handle } }
  }

  it('names the items gone; Go back creates nothing; Remove and create drops them from the scope and creates the job', async () => {
    const { calls, router } = recording(node.router)
    renderWithApp(<NewJobPage />, routerTransport(router))
    const library = screen.getByRole('region', { name: 'Library' })
    for (const name of ['Old', 'lease.txt', 'notes.txt']) await userEvent.click(await within(library).findByRole('checkbox', { name }))
    await waitFor(() => expect(screen.getByTestId('library-selection-count').textContent).toBe('1 folder and 2 files selected'))
    const provider = screen.getByLabelText<HTMLInputElement>(/^Provider/, { selector: 'input' })
    await waitFor(() => expect(provider.value).toMatch(/^gpt/))

    // Deleted over HTTP: this window is not told.
    expect((await node.post('/v2/delete_item', { path: '/lease.txt' })).status).toBe(200)
    expect((await node.post('/v2/delete_folder', { path: '/Old' })).status).toBe(200)

    const create = screen.getByRole('button', { name: 'Create job' })
    calls.length = 0
    await userEvent.click(create)
    const dialog = await screen.findByRole('dialog', { name: '2 chosen items are no longer in the library' })
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((li) => li.textContent)
    ).toEqual(['/Old (folder)', '/lease.txt'])
    expect(dialog.textContent).toContain('Remove them from the scope and create the job, or go back to change the scope.')
    // The chosen paths alone were asked about: no folder of the library was read for it.
    expect(calls).toEqual(['POST /v2/vector_fs_missing_paths'])

    await userEvent.click(within(dialog).getByRole('button', { name: 'Go back' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(document.activeElement).toBe(create))
    expect((await node.get('/v2/all_inboxes')).body).toEqual([])
    expect(useNewJobDraft.getState().scope.vector_fs_items).toHaveLength(2)

    await userEvent.click(create)
    const again = await screen.findByRole('dialog', { name: '2 chosen items are no longer in the library' })
    await userEvent.click(within(again).getByRole('button', { name: 'Remove and create' }))
    await waitFor(async () => expect((await node.get('/v2/all_inboxes')).body as Inbox[]).toHaveLength(1))
    const scope = ((await node.get('/v2/all_inboxes')).body as Inbox[])[0]!.job_scope as JobScope
    expect(scope.vector_fs_folders).toEqual([])
    expect(scope.vector_fs_items.map((i) => i.path.path_ids)).toEqual([['notes.txt']])
  })

  it('Remove and create refused by the node (its provider removed meanwhile): says so, keeps the scope without the gone items, and the focus is back on Create job', async () => {
    renderWithApp(<NewJobPage />, routerTransport(node.router))
    const library = screen.getByRole('region', { name: 'Library' })
    for (const name of ['lease.txt', 'notes.txt']) await userEvent.click(await within(library).findByRole('checkbox', { name }))
    const provider = screen.getByLabelText<HTMLInputElement>(/^Provider/, { selector: 'input' })
    await waitFor(() => expect(provider.value).toMatch(/^gpt/))
    expect((await node.post('/v2/delete_item', { path: '/lease.txt' })).status).toBe(200)
    const create = screen.getByRole('button', { name: 'Create job' })
    await userEvent.click(create)
    const dialog = await screen.findByRole('dialog', { name: 'A chosen item is no longer in the library' })
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((li) => li.textContent)
    ).toEqual(['/lease.txt'])
    expect((await node.post('/v2/remove_llm_provider', { llm_provider_id: 'gpt' })).status).toBe(200)
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove and create' }))
    await screen.findByText('The job was not created')
    await waitFor(() => expect(document.activeElement).toBe(create))
    expect(useNewJobDraft.getState().scope.vector_fs_items.map((i) => i.name)).toEqual(['notes.txt'])
    expect((await node.get('/v2/all_inboxes')).body).toEqual([])
  })

  it('many items gone: the question lists the first eight by path and counts the rest', async () => {
    const gone = Array.from({ length: 11 }, (_, i) => ({
      name: `old ${i}.txt`,
      path: { path_ids: ['Archive', `old ${i}.txt`] },
      source: { Standard: { FileRef: { file_name: `old ${i}.txt`, file_type: { Document: 'Txt' }, text_chunking_strategy: 'V1' } } }
    }))
    useNewJobDraft.getState().set({ scope: { ...emptyScope(), vector_fs_items: gone } })
    renderWithApp(<NewJobPage />, routerTransport(node.router))
    const provider = screen.getByLabelText<HTMLInputElement>(/^Provider/, { selector: 'input' })
    await waitFor(() => expect(provider.value).toMatch(/^gpt/))
    await userEvent.click(screen.getByRole('button', { name: 'Create job' }))
    const dialog = await screen.findByRole('dialog', { name: '11 chosen items are no longer in the library' })
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(8)
    expect(within(dialog).getAllByRole('listitem')[0]!.textContent).toBe('/Archive/old 0.txt')
    expect(dialog.textContent).toContain('and 3 more items.')
  })

  it('with every chosen item still there, creates the job at once', async () => {
    renderWithApp(<NewJobPage />, routerTransport(node.router))
    const library = screen.getByRole('region', { name: 'Library' })
    await userEvent.click(await within(library).findByRole('checkbox', { name: 'notes.txt' }))
    const provider = screen.getByLabelText<HTMLInputElement>(/^Provider/, { selector: 'input' })
    await waitFor(() => expect(provider.value).toMatch(/^gpt/))
    await userEvent.click(screen.getByRole('button', { name: 'Create job' }))
    await waitFor(async () => expect((await node.get('/v2/all_inboxes')).body as Inbox[]).toHaveLength(1))
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('an entry ticked while the chosen items are being checked is in the job created', async () => {
    let release!: () => void
    const held = new Promise<void>((r) => (release = r))
    const router: Router = {
      ...node.router,
      handle: async (req) => {
        if (req.path === '/v2/vector_fs_missing_paths') await held
        return node.router.handle(req)
      }
    }
    renderWithApp(<NewJobPage />, routerTransport(router))
    const library = screen.getByRole('region', { name: 'Library' })
    await userEvent.click(await within(library).findByRole('checkbox', { name: 'lease.txt' }))
    const provider = screen.getByLabelText<HTMLInputElement>(/^Provider/, { selector: 'input' })
    await waitFor(() => expect(provider.value).toMatch(/^gpt/))
    await userEvent.click(screen.getByRole('button', { name: 'Create job' }))
    // Being checked (the node's answer held): one more file ticked.
    await userEvent.click(within(library).getByRole('checkbox', { name: 'notes.txt' }))
    release()
    await waitFor(async () => expect((await node.get('/v2/all_inboxes')).body as Inbox[]).toHaveLength(1))
    const [inbox] = (await node.get('/v2/all_inboxes')).body as Inbox[]
    expect(inbox!.job_scope!.vector_fs_items.map((i) => i.name).sort()).toEqual(['lease.txt', 'notes.txt'])
  })
})
