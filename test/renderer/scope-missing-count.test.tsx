// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { MissingList } from '../../src/renderer/src/features/jobs/MissingList'
import { NewJobPage } from '../../src/renderer/src/features/jobs/NewJobPage'
import { useNewJobDraft } from '../../src/renderer/src/features/jobs/new-job-draft'
import { scopeCountText, selectionCountText } from '../../src/renderer/src/features/jobs/scope-counts'
import { emptyScope, type JobScope } from '../../src/shared/contract/scope'
import { addProvider, useTestNode } from '../support/node'
import { renderWithApp, routerTransport } from './render'
import { layOutLists } from './list-layout'

layOutLists()
afterEach(cleanup)

const item = (name: string) => ({
  name,
  path: { path_ids: [name] },
  source: { Standard: { FileRef: { file_name: name, file_type: { Document: 'Txt' }, text_chunking_strategy: 'V1' } } }
})

/*
 * Two files chosen, one deleted from the library since: the picker said "0 folders and 2 files
 * selected" with one ticked and the other listed as missing, New job's heading "2 entries." and its
 * Clear question "the scope (2 entries)". Each count now says what is there and what is gone.
 */
describe('a scope with entries gone from the library is counted as it is', () => {
  it('the wording', () => {
    const scope = { ...emptyScope(), vector_fs_items: [item('a.txt'), item('b.txt')] }
    expect(selectionCountText(scope, [{ section: 'vector_fs_items' }])).toBe('1 file selected, 1 missing')
    expect(selectionCountText(scope, [{ section: 'vector_fs_items' }, { section: 'vector_fs_items' }])).toBe('Nothing selected, 2 missing')
    expect(
      selectionCountText({ ...scope, vector_fs_folders: [{ name: 'd', path: { path_ids: ['d'] } }] }, [{ section: 'vector_fs_folders' }])
    ).toBe('2 files selected, 1 missing')
    expect(scopeCountText(2, 1)).toBe('2 entries, 1 of them missing')
    expect(scopeCountText(2001, 0)).toBe('2,001 entries')
    expect(scopeCountText(1, 1)).toBe('1 entry, missing')
    expect(scopeCountText(2, 2)).toBe('2 entries, both missing')
    expect(scopeCountText(1000, 1000)).toBe('1,000 entries, all missing')
  })

  const node = useTestNode({
    setup: async (n) => {
      await addProvider(n, 'gpt')
      useNewJobDraft.getState().reset()
    }
  })

  it('New job: the picker, the heading and the Clear question', async () => {
    expect(
      (await node.post('/v2/upload_file_to_folder', { path: '/', filename: 'a.txt', file_data: new TextEncoder().encode('kept') })).status
    ).toBe(200)
    const scope: JobScope = { ...emptyScope(), vector_fs_items: [item('a.txt'), item('b.txt')] }
    useNewJobDraft.getState().set({ scope })
    renderWithApp(<NewJobPage />, routerTransport(node.router))
    await waitFor(() => expect(screen.getAllByTestId('scope-missing')).toHaveLength(1))
    expect(screen.getByTestId('library-selection-count').textContent).toBe('1 file selected, 1 missing')
    expect(screen.getByText(/The documents and folders the job may draw on/).textContent).toBe(
      'The documents and folders the job may draw on: 2 entries, 1 of them missing.'
    )
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }))
    const dialog = await screen.findByRole('dialog', { name: 'Clear the new job?' })
    expect(dialog.textContent).toContain('The scope (2 entries, 1 of them missing) will be discarded.')
  })
})

/*
 * Thousands of chosen files deleted before Create: the question's title said "2,000 chosen items" and
 * its body "and 1992 more items.", the one count of the window not grouped.
 */
describe('the missing entries past those listed are counted as the window counts', () => {
  it('New job’s question before Create', () => {
    const missing = Array.from({ length: 2000 }, (_, index) => ({
      section: 'vector_fs_items' as const,
      index,
      name: `f${index}`,
      path: `/f${index}`
    }))
    renderWithApp(<MissingList missing={missing} />)
    expect(screen.getByText(/more items\./).textContent).toBe('and 1,992 more items.')
  })
})
