// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { NewJobPage } from '../../src/renderer/src/features/jobs/NewJobPage'
import { useNewJobDraft } from '../../src/renderer/src/features/jobs/new-job-draft'
import { addProvider, useTestNode } from '../support/node'
import { layOutLists } from './list-layout'
import { renderWithApp, routerTransport } from './render'

layOutLists()

/*
 * A file chosen for the scope, then deleted and a folder of the same name made in its place: the
 * scope's item names a path that holds a folder, which an item's search never reads (only a file is
 * an item), so it finds nothing. The window asked only whether the path existed, so the item was not
 * counted missing: Create job made a job drawing on nothing there without a word, and the scope
 * editor showed it nowhere (not checked on the folder, not among the missing entries).
 */
describe('Scope: an item whose file became a folder of its name is missing', () => {
  const node = useTestNode({
    setup: async (n) => {
      await addProvider(n, 'gpt')
      await n.post('/v2/upload_file_to_folder', { path: '/', filename: 'lease.txt', file_data: new TextEncoder().encode('The lease.') })
      useNewJobDraft.getState().reset()
    }
  })
  afterEach(cleanup)

  it('Create job names it among the items no longer in the library', async () => {
    renderWithApp(<NewJobPage />, routerTransport(node.router))
    const library = screen.getByRole('region', { name: 'Library' })
    await userEvent.click(await within(library).findByRole('checkbox', { name: 'lease.txt' }))
    const provider = screen.getByLabelText<HTMLInputElement>(/^Provider/, { selector: 'input' })
    await waitFor(() => expect(provider.value).toMatch(/^gpt/))

    expect((await node.post('/v2/delete_item', { path: '/lease.txt' })).status).toBe(200)
    expect((await node.post('/v2/create_folder', { path: '/', folder_name: 'lease.txt' })).status).toBe(200)

    await userEvent.click(screen.getByRole('button', { name: 'Create job' }))
    const dialog = await screen.findByRole('dialog', { name: 'A chosen item is no longer in the library' })
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((li) => li.textContent)
    ).toEqual(['/lease.txt'])
    expect((await node.get('/v2/all_inboxes')).body).toEqual([])
  })
})
