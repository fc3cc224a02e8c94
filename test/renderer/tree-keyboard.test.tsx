// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { FilesPage } from '../../src/renderer/src/features/files/FilesPage'
import { treeKeyAction, typeAheadMatch } from '../../src/renderer/src/features/files/tree-keys'
import { flattenTree, type TreeEntry } from '../../src/renderer/src/features/files/tree-lines'
import { emptyScope } from '../../src/shared/contract/scope'
import { startTestNode, tempDir, type TestNode } from '../support/node'
import { layOutLists } from './list-layout'
import { ScopeEditorHarness } from './scope-editor-harness'
import { renderWithApp, routerTransport } from './render'

/*
 * The library's trees follow the WAI-ARIA tree view pattern: one Tab stop (a roving tabindex),
 * the arrow keys, Home/End, Enter/Space and type-ahead move and act, a row's menu opens from the
 * keyboard, and a row deleted under the focus hands the focus to its neighbour.
 */

layOutLists()

const entry = (path: string, is_directory = false): TreeEntry => ({ path, name: path.split('/').at(-1)!, is_directory })
const top = [entry('/Contracts', true), entry('/Empty', true), entry('/notes.txt'), entry('/Numbers.csv')]
const children: Record<string, TreeEntry[]> = { '/Contracts': [entry('/Contracts/2025', true), entry('/Contracts/lease.pdf')] }
/** Contracts open (two children), Empty open (its note), the two files. */
const lines = flattenTree(top, (e) =>
  e.path === '/Contracts'
    ? { state: 'ready', entries: children[e.path]! }
    : e.path === '/Empty'
      ? { state: 'ready', entries: [] }
      : undefined
)
const keys = lines.map((l) => l.key)
const at = (key: string) => keys.indexOf(key)

describe('tree keys (the WAI-ARIA tree view pattern)', () => {
  it('Up/Down/Home/End/PageUp/PageDown move and stay within the rows', () => {
    expect(keys).toEqual([
      '/Contracts',
      '/Contracts/2025',
      '/Contracts/lease.pdf',
      '/Empty',
      '/Empty\u0000note',
      '/notes.txt',
      '/Numbers.csv'
    ])
    expect(treeKeyAction(lines, 0, { key: 'ArrowDown' }, 3)).toEqual({ kind: 'focus', index: 1 })
    expect(treeKeyAction(lines, 0, { key: 'ArrowUp' }, 3)).toEqual({ kind: 'focus', index: 0 })
    expect(treeKeyAction(lines, 6, { key: 'ArrowDown' }, 3)).toEqual({ kind: 'focus', index: 6 })
    expect(treeKeyAction(lines, 3, { key: 'Home' }, 3)).toEqual({ kind: 'focus', index: 0 })
    expect(treeKeyAction(lines, 3, { key: 'End' }, 3)).toEqual({ kind: 'focus', index: 6 })
    expect(treeKeyAction(lines, 1, { key: 'PageDown' }, 3)).toEqual({ kind: 'focus', index: 4 })
    expect(treeKeyAction(lines, 5, { key: 'PageDown' }, 3)).toEqual({ kind: 'focus', index: 6 })
    expect(treeKeyAction(lines, 2, { key: 'PageUp' }, 3)).toEqual({ kind: 'focus', index: 0 })
  })
  it('Right opens a closed folder, then enters it; Left closes an open folder, then goes to the folder above', () => {
    expect(treeKeyAction(lines, at('/Contracts/2025'), { key: 'ArrowRight' }, 3)).toEqual({ kind: 'toggle' })
    expect(treeKeyAction(lines, at('/Contracts'), { key: 'ArrowRight' }, 3)).toEqual({ kind: 'focus', index: at('/Contracts/2025') })
    // An open empty folder: into its note.
    expect(treeKeyAction(lines, at('/Empty'), { key: 'ArrowRight' }, 3)).toEqual({ kind: 'focus', index: at('/Empty\u0000note') })
    expect(treeKeyAction(lines, at('/notes.txt'), { key: 'ArrowRight' }, 3)).toBeNull()
    expect(treeKeyAction(lines, at('/Contracts'), { key: 'ArrowLeft' }, 3)).toEqual({ kind: 'toggle' })
    expect(treeKeyAction(lines, at('/Contracts/lease.pdf'), { key: 'ArrowLeft' }, 3)).toEqual({ kind: 'focus', index: 0 })
    expect(treeKeyAction(lines, at('/Empty\u0000note'), { key: 'ArrowLeft' }, 3)).toEqual({ kind: 'focus', index: at('/Empty') })
    // At the top level, a closed folder or a file: nothing above.
    expect(treeKeyAction(lines, at('/notes.txt'), { key: 'ArrowLeft' }, 3)).toBeNull()
  })
  it('Enter and Space act, the context menu key and Shift+F10 open the menu, letters type ahead; other keys and chords are not the tree’s', () => {
    expect(treeKeyAction(lines, 2, { key: 'Enter' }, 3)).toEqual({ kind: 'act', key: 'Enter' })
    expect(treeKeyAction(lines, 2, { key: ' ' }, 3)).toEqual({ kind: 'act', key: ' ' })
    expect(treeKeyAction(lines, 2, { key: 'ContextMenu' }, 3)).toEqual({ kind: 'menu' })
    expect(treeKeyAction(lines, 2, { key: 'F10', shiftKey: true }, 3)).toEqual({ kind: 'menu' })
    expect(treeKeyAction(lines, 2, { key: 'F10' }, 3)).toBeNull()
    expect(treeKeyAction(lines, 2, { key: 'n' }, 3)).toEqual({ kind: 'type', char: 'n' })
    expect(treeKeyAction(lines, 2, { key: 'Tab' }, 3)).toBeNull()
    expect(treeKeyAction(lines, 2, { key: 'ArrowDown', altKey: true }, 3)).toBeNull()
    expect(treeKeyAction(lines, 2, { key: 'a', ctrlKey: true }, 3)).toBeNull()
    expect(treeKeyAction(lines, 2, { key: 'Enter' }, 3)).not.toBeNull()
    // The note of an empty folder has nothing to act on.
    expect(treeKeyAction(lines, at('/Empty\u0000note'), { key: 'Enter' }, 3)).toBeNull()
  })
  it('type-ahead finds the next name starting with what was typed, in any case, going round; a repeated letter steps through', () => {
    expect(typeAheadMatch(lines, 0, 'n')).toBe(at('/notes.txt'))
    expect(typeAheadMatch(lines, at('/notes.txt'), 'n')).toBe(at('/Numbers.csv'))
    expect(typeAheadMatch(lines, at('/notes.txt'), 'nn')).toBe(at('/Numbers.csv'))
    expect(typeAheadMatch(lines, at('/notes.txt'), 'no')).toBe(at('/notes.txt'))
    expect(typeAheadMatch(lines, at('/Numbers.csv'), 'c')).toBe(at('/Contracts'))
    expect(typeAheadMatch(lines, 0, 'LEA')).toBe(at('/Contracts/lease.pdf'))
    expect(typeAheadMatch(lines, 0, 'zz')).toBe(-1)
  })
})

let node: TestNode
let cleanupDir: () => void
async function ok(res: Promise<{ status: number; body: unknown }>) {
  const r = await res
  if (r.status !== 200) throw new Error(JSON.stringify(r.body))
}
beforeAll(async () => {
  const t = tempDir()
  cleanupDir = t.cleanup
  node = startTestNode(t.dir)
  await ok(node.post('/v2/create_folder', { path: '/', folder_name: 'Contracts' }))
  for (const name of ['lease.txt', 'deposit.txt'])
    await ok(
      node.post('/v2/upload_file_to_folder', { path: '/Contracts', filename: name, file_data: new TextEncoder().encode(`About ${name}.`) })
    )
  for (const name of ['alpha.txt', 'beta.txt', 'gamma.txt'])
    await ok(node.post('/v2/upload_file_to_folder', { path: '/', filename: name, file_data: new TextEncoder().encode(`About ${name}.`) }))
})
afterAll(async () => {
  await node.close()
  cleanupDir()
})
afterEach(cleanup)

/** The rows Tab reaches: exactly one per tree. */
const tabStops = (tree: HTMLElement) =>
  within(tree)
    .getAllByRole('treeitem')
    .filter((r) => r.tabIndex === 0)
/** A row's name: its own label, or the text it is labelled by. */
const nameOf = (el: Element | null | undefined) => {
  const by = el?.getAttribute('aria-labelledby')
  return (by ? document.getElementById(by)?.textContent : el?.getAttribute('aria-label'))?.trim()
}
const focusedName = () => nameOf(document.activeElement)

describe('the Files page tree from the keyboard', () => {
  beforeEach(() => {
    window.location.hash = '#/files'
  })

  it('is one Tab stop that follows the focus; the arrows, Home/End, Right/Left, Enter and type-ahead work on the rows', async () => {
    renderWithApp(<FilesPage />, routerTransport(node.router))
    const tree = await screen.findByRole('tree', { name: 'Folders and files' })
    await within(tree).findByRole('treeitem', { name: /^alpha\.txt/ })
    // Before any row was focused, the first row is the tree's one Tab stop; the rows' menu buttons are no Tab stops.
    expect(tabStops(tree).map(nameOf)).toEqual(['Contracts'])
    expect(
      within(tree)
        .getAllByRole('button', { name: /^Actions for / })
        .every((b) => b.tabIndex === -1)
    ).toBe(true)

    screen.getByRole('textbox', { name: 'Search the library' }).focus()
    await userEvent.tab()
    expect(focusedName()).toBe('Contracts')
    await userEvent.keyboard('{ArrowRight}')
    await within(tree).findByRole('treeitem', { name: 'Contracts', expanded: true })
    await userEvent.keyboard('{ArrowRight}')
    await waitFor(() => expect(focusedName()).toMatch(/^deposit\.txt/))
    await userEvent.keyboard('{ArrowDown}')
    await waitFor(() => expect(focusedName()).toMatch(/^lease\.txt/))
    expect(tabStops(tree).map(nameOf)).toEqual([focusedName()])
    await userEvent.keyboard('{ArrowLeft}')
    await waitFor(() => expect(focusedName()).toBe('Contracts'))
    await userEvent.keyboard('{End}')
    await waitFor(() => expect(focusedName()).toMatch(/^gamma\.txt/))
    await userEvent.keyboard('{Home}')
    await waitFor(() => expect(focusedName()).toBe('Contracts'))
    await userEvent.keyboard('b')
    await waitFor(() => expect(focusedName()).toMatch(/^beta\.txt/))
    await userEvent.keyboard('{Enter}')
    expect(new URLSearchParams(window.location.hash.split('?')[1]).get('path')).toBe('/beta.txt')

    // Tab leaves the tree at once, and Shift+Tab comes back to the row it left.
    await userEvent.tab()
    expect(tree.contains(document.activeElement)).toBe(false)
    await userEvent.tab({ shift: true })
    expect(focusedName()).toMatch(/^beta\.txt/)
  })

  it('keys pressed faster than the focus moves each count: two Downs before a frame go two rows down, and Enter acts on where they went', async () => {
    renderWithApp(<FilesPage />, routerTransport(node.router))
    const tree = await screen.findByRole('tree', { name: 'Folders and files' })
    const first = await within(tree).findByRole('treeitem', { name: 'Contracts' })
    await within(tree).findByRole('treeitem', { name: /^alpha\.txt/ })
    first.focus()
    // Both keys reach the tree before the next frame, while Contracts still holds the focus.
    fireEvent.keyDown(first, { key: 'ArrowDown' })
    fireEvent.keyDown(first, { key: 'ArrowDown' })
    expect(document.activeElement).toBe(first)
    await waitFor(() => expect(focusedName()).toMatch(/^beta\.txt/))
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' })
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' })
    await waitFor(() => expect(new URLSearchParams(window.location.hash.split('?')[1]).get('path')).toBe('/alpha.txt'))
  })

  it('the context menu key opens a row’s menu; a row deleted from it hands the focus to the row in its place', async () => {
    await ok(node.post('/v2/upload_file_to_folder', { path: '/', filename: 'delta.txt', file_data: new TextEncoder().encode('Delta.') }))
    renderWithApp(<FilesPage />, routerTransport(node.router))
    const tree = await screen.findByRole('tree', { name: 'Folders and files' })
    const row = await within(tree).findByRole('treeitem', { name: /^delta\.txt/ })
    row.focus()
    await userEvent.keyboard('{ContextMenu}')
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete…', hidden: true }))
    await userEvent.click(await screen.findByRole('button', { name: 'Delete', hidden: true }))
    await waitFor(() => expect(within(tree).queryByRole('treeitem', { name: /^delta\.txt/ })).toBeNull())
    // delta.txt was the third file: gamma.txt, after it, is in its place now (once the dialog has closed).
    await waitFor(() => expect(focusedName()).toMatch(/^gamma\.txt/), { timeout: 10_000 })
  })
})

describe('the scope picker tree from the keyboard', () => {
  it('a Space right after type-ahead ticks a row: after an arrow, or on the row a letter found when no name goes on with a space', async () => {
    // A Space within the type-ahead's time was taken as part of a name: a letter, Down, Space ticked nothing.
    let scope = emptyScope()
    renderWithApp(<ScopeEditorHarness onScope={(s) => (scope = s)} />, routerTransport(node.router))
    const tree = await screen.findByRole('tree', { name: 'Library' })
    await within(tree).findByRole('treeitem', { name: 'gamma.txt' })
    screen.getByRole('textbox', { name: 'Search the library by name' }).focus()
    await userEvent.tab()
    expect(focusedName()).toBe('Contracts')
    await userEvent.keyboard('a')
    await waitFor(() => expect(focusedName()).toBe('alpha.txt'))
    await userEvent.keyboard('{ArrowDown} ')
    await waitFor(() => expect(scope.vector_fs_items.map((i) => i.path.path_ids)).toEqual([['beta.txt']]))
    await userEvent.keyboard('g ')
    await waitFor(() => expect(scope.vector_fs_items.map((i) => i.path.path_ids)).toEqual([['beta.txt'], ['gamma.txt']]))
    expect(focusedName()).toBe('gamma.txt')
  })

  it('is one Tab stop; Enter opens a folder, Space checks a row (aria-checked follows), and a checked folder’s rows show as included', async () => {
    let scope = emptyScope()
    renderWithApp(<ScopeEditorHarness onScope={(s) => (scope = s)} />, routerTransport(node.router))
    const tree = await screen.findByRole('tree', { name: 'Library' })
    await within(tree).findByRole('treeitem', { name: 'gamma.txt' })
    expect(tabStops(tree).map(nameOf)).toEqual(['Contracts'])
    expect(
      within(tree)
        .getAllByRole('checkbox')
        .every((c) => c.tabIndex === -1)
    ).toBe(true)
    expect(
      within(tree)
        .getAllByRole('button', { name: /^Open / })
        .every((b) => b.tabIndex === -1)
    ).toBe(true)

    screen.getByRole('textbox', { name: 'Search the library by name' }).focus()
    await userEvent.tab()
    expect(focusedName()).toBe('Contracts')
    await userEvent.keyboard('{Enter}')
    await within(tree).findByRole('treeitem', { name: 'Contracts', expanded: true })
    await userEvent.keyboard('{ArrowDown}')
    await waitFor(() => expect(focusedName()).toBe('deposit.txt'))
    await userEvent.keyboard(' ')
    expect(scope.vector_fs_items.map((i) => i.path.path_ids)).toEqual([['Contracts', 'deposit.txt']])
    expect(within(tree).getByRole('treeitem', { name: 'deposit.txt' }).getAttribute('aria-checked')).toBe('true')
    expect(within(tree).getByRole('treeitem', { name: 'Contracts' }).getAttribute('aria-checked')).toBe('mixed')

    await userEvent.keyboard('{ArrowLeft}')
    await waitFor(() => expect(focusedName()).toBe('Contracts'))
    await userEvent.keyboard(' ')
    expect(scope.vector_fs_folders.map((f) => f.path.path_ids)).toEqual([['Contracts']])
    expect(scope.vector_fs_items).toEqual([])
    const included = within(tree).getByRole('treeitem', { name: 'lease.txt' })
    expect(included.getAttribute('aria-checked')).toBe('true')
    expect(included.getAttribute('aria-disabled')).toBe('true')
    // Space on a row included with its folder changes nothing.
    await userEvent.keyboard('{ArrowDown}{ArrowDown}')
    await waitFor(() => expect(focusedName()).toBe('lease.txt'))
    await userEvent.keyboard(' ')
    expect(scope.vector_fs_folders.map((f) => f.path.path_ids)).toEqual([['Contracts']])
  })
})
