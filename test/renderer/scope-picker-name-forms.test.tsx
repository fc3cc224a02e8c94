// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { itemEntry, folderEntry } from '../../src/renderer/src/features/jobs/vfs-selection'
import { emptyScope, type JobScope } from '../../src/shared/contract/scope'
import { useTestNode } from '../support/node'
import { layOutLists } from './list-layout'
import { renderWithApp, routerTransport } from './render'
import { ScopeEditorHarness } from './scope-editor-harness'

/*
 * A scope naming a library entry in the other Unicode form. A script sets a job's scope typing
 * "Résumé" composed (NFC); the library has the folder from a Mac, decomposed (NFD). The node takes
 * both for one name (the job's answers draw on it, and it is not missing), but the picker showed
 * the folder unticked, and ticking it put a second "Résumé" into the scope, identical to the first
 * in every list, while unticking left the first one there.
 */

layOutLists()
afterEach(cleanup)

const NFD = 'Re\u0301sume\u0301'
const NFC = 'R\u00e9sum\u00e9'
const FILE_NFD = 'cafe\u0301.txt'
const FILE_NFC = 'caf\u00e9.txt'
const node = useTestNode()

async function seed() {
  const ok = async (res: Promise<{ status: number; body: unknown }>) => {
    const r = await res
    if (r.status !== 200) throw new Error(JSON.stringify(r.body))
  }
  await ok(node.post('/v2/create_folder', { path: '/', folder_name: NFD }))
  const text = (t: string) => new TextEncoder().encode(t)
  await ok(node.post('/v2/upload_file_to_folder', { path: `/${NFD}`, filename: 'cv.txt', file_data: text('Curriculum.') }))
  await ok(node.post('/v2/upload_file_to_folder', { path: '/', filename: FILE_NFD, file_data: text('Menu.') }))
}

describe('the scope picker, for a scope spelling names in the other Unicode form', () => {
  it('shows the entries ticked, the folder’s files included, and unticking takes them out of the scope', async () => {
    await seed()
    const initial: JobScope = {
      ...emptyScope(),
      vector_fs_folders: [folderEntry({ name: NFC, path_ids: [NFC] })],
      vector_fs_items: [itemEntry({ name: FILE_NFC, path_ids: [FILE_NFC] })]
    }
    let scope = initial
    renderWithApp(<ScopeEditorHarness initial={initial} onScope={(s) => (scope = s)} />, routerTransport(node.router))
    const tree = await screen.findByRole('tree', { name: 'Library' })
    const folder = await within(tree).findByRole('treeitem', { name: NFD })
    const file = await within(tree).findByRole('treeitem', { name: FILE_NFD })
    expect(folder.getAttribute('aria-checked')).toBe('true')
    expect(file.getAttribute('aria-checked')).toBe('true')
    // Opened, its file shows as included with the folder.
    await userEvent.click(within(tree).getByRole('button', { name: `Open ${NFD}` }))
    const cv = await within(tree).findByRole('treeitem', { name: 'cv.txt' })
    expect(cv.getAttribute('aria-checked')).toBe('true')
    expect(cv.getAttribute('aria-disabled')).toBe('true')

    folder.focus()
    await userEvent.keyboard(' ')
    await waitFor(() => expect(scope.vector_fs_folders).toEqual([]))
    file.focus()
    await userEvent.keyboard(' ')
    await waitFor(() => expect(scope.vector_fs_items).toEqual([]))
  })

  it('a folder holding an entry of the scope in the other form shows partly ticked', async () => {
    await seed()
    const initial: JobScope = { ...emptyScope(), vector_fs_items: [itemEntry({ name: 'cv.txt', path_ids: [NFC, 'cv.txt'] })] }
    renderWithApp(<ScopeEditorHarness initial={initial} onScope={() => {}} />, routerTransport(node.router))
    const tree = await screen.findByRole('tree', { name: 'Library' })
    const folder = await within(tree).findByRole('treeitem', { name: NFD })
    expect(folder.getAttribute('aria-checked')).toBe('mixed')
  })
})
