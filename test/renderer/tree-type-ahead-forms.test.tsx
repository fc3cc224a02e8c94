// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { FilesPage } from '../../src/renderer/src/features/files/FilesPage'
import { typeAheadMatch } from '../../src/renderer/src/features/files/tree-keys'
import { flattenTree, type TreeEntry } from '../../src/renderer/src/features/files/tree-lines'
import { startTestNode, tempDir, type TestNode } from '../support/node'
import { layOutLists } from './list-layout'
import { renderWithApp, routerTransport } from './render'

/*
 * Type-ahead in the library's trees finds a name typed in the other Unicode form. A folder from a
 * Mac's file system is named decomposed ("Re\u0301sume\u0301"), a keyboard types "ré" composed: the
 * row looks like "Résumé", the node takes both for one name, yet typing "ré" found nothing (and a
 * composed "Résumé" beside it would be found where the decomposed one was not).
 */

layOutLists()

const NFD = 'Re\u0301sume\u0301'
const NFC = 'R\u00e9sum\u00e9'

describe('type-ahead and the Unicode form of names', () => {
  it('matches a decomposed name by composed typing and a composed name by decomposed typing', () => {
    const entry = (name: string, is_directory = false): TreeEntry => ({ path: `/${name}`, name, is_directory })
    const lines = flattenTree([entry('Archive', true), entry(`${NFD}.txt`), entry('notes.txt'), entry(`Caf\u00e9.txt`)], () => undefined)
    expect(typeAheadMatch(lines, 0, 'r\u00e9')).toBe(1)
    expect(typeAheadMatch(lines, 0, 'R\u00c9S')).toBe(1)
    expect(typeAheadMatch(lines, 0, 'cafe\u0301')).toBe(3)
    // Still only the letters typed: "re" is not "ré".
    expect(typeAheadMatch(lines, 0, 're')).toBe(-1)
  })
})

let node: TestNode
let cleanupDir: () => void
beforeAll(async () => {
  const t = tempDir()
  cleanupDir = t.cleanup
  node = startTestNode(t.dir)
  for (const name of ['Archive', 'Rapports', NFD]) {
    const res = await node.post('/v2/create_folder', { path: '/', folder_name: name })
    if (res.status !== 200) throw new Error(JSON.stringify(res.body))
  }
})
afterAll(async () => {
  await node.close()
  cleanupDir()
})
afterEach(cleanup)

describe('the Files page tree', () => {
  it('goes to a folder named decomposed when its name is typed on a keyboard (composed)', async () => {
    window.location.hash = '#/files'
    renderWithApp(<FilesPage />, routerTransport(node.router))
    const tree = await screen.findByRole('tree', { name: 'Folders and files' })
    const first = await within(tree).findByRole('treeitem', { name: 'Archive' })
    await within(tree).findByRole('treeitem', { name: NFD })
    first.focus()
    // "r" goes to Rapports, the first name starting with it; "ré" goes on to Résumé.
    await userEvent.keyboard('r')
    await waitFor(() => expect(document.activeElement).toBe(within(tree).getByRole('treeitem', { name: 'Rapports' })))
    await userEvent.keyboard(NFC[1]!)
    const row = within(tree).getByRole('treeitem', { name: NFD })
    await waitFor(() => expect(document.activeElement).toBe(row))
  })
})
