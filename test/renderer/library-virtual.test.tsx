// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { FilesPage } from '../../src/renderer/src/features/files/FilesPage'
import { copyFirstFile, seededFileName as fileName } from '../../bench/seed'
import { emptyScope } from '../../src/shared/contract/scope'
import { startTestNode, tempDir, type TestNode } from '../support/node'
import { layOutLists } from './list-layout'
import { ScopeEditorHarness } from './scope-editor-harness'
import { renderWithApp, routerTransport } from './render'

/*
 * A folder of 20,000 files, and one of 20 folders of 100 files, in a real node: both trees draw a
 * screenful of rows whatever is open, and any row can be reached by scrolling and by the keyboard.
 * The first file of each folder is uploaded through the API; the others are the same bytes under
 * other names, written through the library's tree table (uploading 23,000 files through the API
 * would take minutes and test the upload, not the tree).
 */

layOutLists({ clientHeight: 600, clientWidth: 400 })

const BIG = 20_000
const SUBS = 20
const PER_SUB = 100
const sub = (i: number) => `Sub ${String(i).padStart(2, '0')}`
/** Comfortably more than a 600 px list of 28–34 px rows shows, far fewer than the folder holds. */
const MAX_DRAWN = 100

let node: TestNode
let cleanupDir: () => void

async function ok(res: Promise<{ status: number; body: unknown }>) {
  const r = await res
  if (r.status !== 200) throw new Error(JSON.stringify(r.body))
}

/** `count` files named fileName(1..count) in `folder`: the first uploaded, the rest its copies. */
async function fillFolder(folder: string, count: number) {
  await ok(node.post('/v2/upload_file_to_folder', { path: folder, filename: fileName(1), file_data: new TextEncoder().encode('A note.') }))
  copyFirstFile(node.store.db, folder.split('/').filter(Boolean), count)
}

beforeAll(async () => {
  const t = tempDir()
  cleanupDir = t.cleanup
  node = startTestNode(t.dir)
  await ok(node.post('/v2/create_folder', { path: '/', folder_name: 'Big' }))
  await ok(node.post('/v2/create_folder', { path: '/', folder_name: 'Many' }))
  await fillFolder('/Big', BIG)
  for (let s = 1; s <= SUBS; s++) {
    await ok(node.post('/v2/create_folder', { path: '/Many', folder_name: sub(s) }))
    await fillFolder(`/Many/${sub(s)}`, PER_SUB)
  }
}, 60_000)
afterAll(async () => {
  await node.close()
  cleanupDir()
})
afterEach(cleanup)

const drawn = (list: HTMLElement, testId: string) => within(list).queryAllByTestId(testId)
const setSizeOf = (list: HTMLElement, path: string) => {
  const row = list.querySelector<HTMLElement>(`[data-path="${path}"]`)
  return row ? Number(row.getAttribute('aria-setsize')) : undefined
}
/** The path of the row holding the focus. */
const focusedPath = () => document.activeElement?.closest<HTMLElement>('[data-path]')?.dataset.path
const scrollList = (el: HTMLElement, top: number) => fireEvent.scroll(el, { target: { scrollTop: top } })

describe('the Files page tree with a folder of 20,000 files', () => {
  beforeEach(() => {
    window.location.hash = '#/files'
  })

  it('opens it drawing a screenful of rows; scrolling and the keyboard reach any row, and the focus stays on its row while scrolling', async () => {
    renderWithApp(<FilesPage />, routerTransport(node.router))
    const library = screen.getByRole('navigation', { name: 'Library' })
    const scroller = await within(library).findByTestId('tree-scroll')
    await userEvent.click(await within(library).findByRole('treeitem', { name: 'Big', expanded: false }))
    await within(library).findByRole('treeitem', { name: new RegExp(`^${fileName(1)}`) })
    expect(setSizeOf(library, `/Big/${fileName(1)}`)).toBe(BIG)
    expect(drawn(library, 'tree-row').length).toBeLessThan(MAX_DRAWN)
    // The list is as tall as every row, so the scroll bar is true to the folder's size.
    expect(parseFloat((scroller.firstElementChild as HTMLElement).style.height)).toBe((BIG + 2) * 34)

    // Scrolled to the middle: those rows are drawn, the first ones are not.
    scrollList(scroller, 10_000 * 34)
    await within(library).findByRole('treeitem', { name: new RegExp(`^${fileName(10_000)}`) })
    expect(within(library).queryByRole('treeitem', { name: new RegExp(`^${fileName(1)}`) })).toBeNull()
    expect(drawn(library, 'tree-row').length).toBeLessThan(MAX_DRAWN)

    // The keyboard: Down moves row by row, End goes to the last row ("Many", after the 20,000 files), Up back into the folder.
    within(library)
      .getByRole('treeitem', { name: new RegExp(`^${fileName(10_000)}`) })
      .focus()
    await userEvent.keyboard('{ArrowDown}')
    await waitFor(() => expect(focusedPath()).toBe(`/Big/${fileName(10_001)}`))
    await userEvent.keyboard('{End}')
    await waitFor(() => expect(focusedPath()).toBe('/Many'))
    await userEvent.keyboard('{ArrowUp}')
    await waitFor(() => expect(focusedPath()).toBe(`/Big/${fileName(BIG)}`))
    expect(drawn(library, 'tree-row').length).toBeLessThan(MAX_DRAWN)

    // Scrolled far away with the mouse, the focused row stays drawn and focused.
    scrollList(scroller, 0)
    await within(library).findByRole('treeitem', { name: new RegExp(`^${fileName(1)}`) })
    expect(focusedPath()).toBe(`/Big/${fileName(BIG)}`)
    expect(drawn(library, 'tree-row').length).toBeLessThan(MAX_DRAWN)

    // Left goes to the folder above; Left again closes it; Enter opens a file's preview.
    await userEvent.keyboard('{ArrowLeft}')
    await waitFor(() => expect(focusedPath()).toBe('/Big'))
    await userEvent.keyboard('{ArrowLeft}')
    await waitFor(() => expect(within(library).getByRole('treeitem', { name: 'Big', expanded: false })).toBeTruthy())
    expect(drawn(library, 'tree-row').map((r) => r.dataset.path)).toEqual(['/Big', '/Many'])
    await userEvent.keyboard('{ArrowRight}')
    await within(library).findByRole('treeitem', { name: new RegExp(`^${fileName(1)}`) })
    await userEvent.keyboard('{ArrowRight}')
    await waitFor(() => expect(focusedPath()).toBe(`/Big/${fileName(1)}`))
    await userEvent.keyboard('{Enter}')
    expect(new URLSearchParams(window.location.hash.split('?')[1]).get('path')).toBe(`/Big/${fileName(1)}`)
  }, 60_000)

  it('keeps a bounded number of rows with many folders open, and drops a file dragged from far down onto a folder', async () => {
    renderWithApp(<FilesPage />, routerTransport(node.router))
    const library = screen.getByRole('navigation', { name: 'Library' })
    const scroller = await within(library).findByTestId('tree-scroll')
    // Open "Many", then each of its 20 folders from the last up, with the keyboard: End, Right, Up, Right, Up...
    await userEvent.click(await within(library).findByRole('treeitem', { name: 'Many', expanded: false }))
    await within(library).findByRole('treeitem', { name: sub(1), expanded: false })
    await userEvent.keyboard('{End}')
    await waitFor(() => expect(focusedPath()).toBe(`/Many/${sub(SUBS)}`))
    for (let s = SUBS; s >= 1; s--) {
      await userEvent.keyboard('{ArrowRight}')
      await within(library).findByRole('treeitem', { name: sub(s), expanded: true })
      if (s > 1) {
        await userEvent.keyboard('{ArrowUp}')
        await waitFor(() => expect(focusedPath()).toBe(`/Many/${sub(s - 1)}`))
      }
    }
    expect(setSizeOf(library, `/Many/${sub(1)}/${fileName(1)}`)).toBe(PER_SUB)
    expect(drawn(library, 'tree-row').length).toBeLessThan(MAX_DRAWN)
    await userEvent.keyboard('{End}')
    await waitFor(() => expect(focusedPath()).toBe(`/Many/${sub(SUBS)}/${fileName(PER_SUB)}`))
    expect(drawn(library, 'tree-row').length).toBeLessThan(MAX_DRAWN)

    // A file from the far end (not the focused one) dragged onto "Many" at the top: the dragged row stays drawn while the list scrolls.
    const dragged = within(library).getByRole('treeitem', { name: new RegExp(`^${fileName(PER_SUB - 1)}`) })
    const data = new Map<string, string>()
    const dataTransfer = {
      types: [] as string[],
      setData: (type: string, value: string) => (data.set(type, value), dataTransfer.types.push(type)),
      getData: (type: string) => data.get(type) ?? '',
      effectAllowed: 'all'
    }
    fireEvent.dragStart(dragged, { dataTransfer })
    scrollList(scroller, 0)
    const target = (await within(library).findByRole('treeitem', { name: 'Many', expanded: true })).closest('[data-testid=tree-row]')!
    expect(dragged.isConnected).toBe(true)
    fireEvent.drop(target.firstElementChild!, { dataTransfer })
    fireEvent.dragEnd(dragged, { dataTransfer })
    await waitFor(async () =>
      expect(
        ((await node.get('/v2/retrieve_path_simplified', { path: '/Many', depth: '0' })).body as { name: string }[]).map((e) => e.name)
      ).toContain(fileName(PER_SUB - 1))
    )
  }, 60_000)
})

describe('the scope editor checkbox tree with a folder of 20,000 files', () => {
  it('opens it drawing a screenful of rows; a file far down is checked by scrolling and by the keyboard, with the counts and the partly selected folder', async () => {
    let scope = emptyScope()
    renderWithApp(<ScopeEditorHarness onScope={(s) => (scope = s)} />, routerTransport(node.router))
    const library = screen.getByRole('region', { name: 'Library' })
    const scroller = await within(library).findByTestId('library-scroll')
    await userEvent.click(await within(library).findByRole('button', { name: 'Open Big' }))
    await within(library).findByRole('checkbox', { name: fileName(1) })
    expect(setSizeOf(library, `/Big/${fileName(1)}`)).toBe(BIG)
    expect(drawn(library, 'library-row').length).toBeLessThan(MAX_DRAWN)

    // Scrolled to file 15,000 (row 15,000: "Big" is row 0) and checked with the mouse.
    scrollList(scroller, 15_000 * 28 - 200)
    await userEvent.click(await within(library).findByRole('checkbox', { name: fileName(15_000) }))
    expect(scope.vector_fs_items.map((i) => i.path.path_ids)).toEqual([['Big', fileName(15_000)]])
    expect(drawn(library, 'library-row').length).toBeLessThan(MAX_DRAWN)

    // The keyboard: End is "Many", Up the last file, Space checks it.
    within(library)
      .getByRole('checkbox', { name: fileName(15_000) })
      .focus()
    await userEvent.keyboard('{End}')
    await waitFor(() => expect(focusedPath()).toBe('/Many'))
    await userEvent.keyboard('{ArrowUp}')
    await waitFor(() => expect(focusedPath()).toBe(`/Big/${fileName(BIG)}`))
    await userEvent.keyboard(' ')
    expect(scope.vector_fs_items.map((i) => i.path.path_ids.at(-1))).toEqual([fileName(15_000), fileName(BIG)])
    expect(within(library).getByTestId('library-selection-count').textContent).toBe('2 files selected')

    // Home: "Big" is partly selected; checking it takes over both files, and its files show as included.
    await userEvent.keyboard('{Home}')
    await waitFor(() => expect(focusedPath()).toBe('/Big'))
    expect(within(library).getByRole<HTMLInputElement>('checkbox', { name: 'Big' }).indeterminate).toBe(true)
    await userEvent.keyboard(' ')
    expect(within(library).getByTestId('library-selection-count').textContent).toBe('1 folder selected')
    expect(within(library).getByRole<HTMLInputElement>('checkbox', { name: fileName(1) }).disabled).toBe(true)
    // Rows included with "Big" cannot take the focus themselves: the row does, and the arrows go on.
    await userEvent.keyboard('{ArrowDown}')
    await waitFor(() => expect(focusedPath()).toBe(`/Big/${fileName(1)}`))
    await userEvent.keyboard('{ArrowDown}')
    await waitFor(() => expect(focusedPath()).toBe(`/Big/${fileName(2)}`))
    expect(drawn(library, 'library-row').length).toBeLessThan(MAX_DRAWN)
  }, 60_000)
})
