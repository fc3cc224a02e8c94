// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { FilesPage } from '../../src/renderer/src/features/files/FilesPage'
import type { Transport } from '../../src/renderer/src/api/transport'
import type { BridgeRequest } from '../../src/shared/bridge'
import { emptyScope, type JobScope } from '../../src/shared/contract/scope'
import type { FileInfo } from '../../src/shared/contract/vector-fs'
import { startTestNode, tempDir, type TestNode } from '../support/node'
import { ROOT_ID, treeRepo } from '../../src/main/vector-fs/tree'
import { ScopeEditorHarness } from './scope-editor-harness'
import { renderWithApp, routerTransport } from './render'
import { layOutLists } from './list-layout'

// The trees are virtual lists: they draw the rows a list of this height shows.
layOutLists()

/*
 * A library of 2,020 folders and 10,000 files (20 clients x 100 cases x 5 files): the scope editor
 * and the Files page's move dialog read it a level at a time, as the user opens folders, and find
 * names through the node. Every request the window sends is counted.
 */

const CLIENTS = 20
const CASES = 100
const FILES = 5
const pad = (n: number) => String(n).padStart(3, '0')
const client = (i: number) => `Client ${String(i).padStart(2, '0')}`

let node: TestNode
let cleanupDir: () => void
beforeAll(async () => {
  const t = tempDir()
  cleanupDir = t.cleanup
  node = startTestNode(t.dir)
  const ok = async (res: Promise<{ status: number; body: unknown }>) => {
    const r = await res
    if (r.status !== 200) throw new Error(JSON.stringify(r.body))
  }
  // The first folders and file through the API (the file's bytes stored); the other 9,999 files and
  // 2,018 folders through the library's own tree module in one transaction, sharing those bytes:
  // 1,000 uploads took over 120 s on a machine also running CI and other sessions' tests, and what
  // is checked here is how the window reads a large tree, not how the node takes uploads.
  await ok(node.post('/v2/create_folder', { path: '/', folder_name: client(1) }))
  await ok(node.post('/v2/create_folder', { path: `/${client(1)}`, folder_name: `Case ${pad(1)}` }))
  const file_data = new TextEncoder().encode('Client 1, case 1, note 1.')
  await ok(node.post('/v2/upload_file_to_folder', { path: `/${client(1)}/Case ${pad(1)}`, filename: 'note 1.txt', file_data }))
  const tree = treeRepo(node.store.db)
  const first = tree.resolve([client(1), `Case ${pad(1)}`, 'note 1.txt'])!
  node.store.db.transaction(() => {
    for (let c = 1; c <= CLIENTS; c++) {
      const clientId = c === 1 ? tree.resolve([client(1)])!.id : tree.insertFolder(ROOT_ID, client(c), first.created_time)
      for (let k = 1; k <= CASES; k++) {
        const caseId = c === 1 && k === 1 ? first.parent_id! : tree.insertFolder(clientId, `Case ${pad(k)}`, first.created_time)
        for (let f = c === 1 && k === 1 ? 2 : 1; f <= FILES; f++)
          tree.insertFile({
            parentId: caseId,
            name: `note ${f}.txt`,
            sha256: first.sha256!,
            size: first.size,
            fileType: first.file_type!,
            status: 'ready',
            createdTime: first.created_time,
            modifiedTime: first.modified_time,
            resourceJson: null
          })
      }
    }
  })()
}, 300_000)
afterAll(async () => {
  await node.close()
  cleanupDir()
})

/** The window's transport to the real node, writing down every request as `route query`. */
function counted(): { transport: Transport; sent: string[]; take: () => string[] } {
  const inner = routerTransport(node.router)
  const sent: string[] = []
  const describe = (req: BridgeRequest) => `${req.path.replace('/v2/', '')} ${new URLSearchParams(req.query ?? {}).toString()}`.trim()
  return {
    sent,
    transport: { ...inner, request: (req) => (sent.push(describe(req)), inner.request(req)) },
    take: () => sent.splice(0)
  }
}
const listing = (path: string) => `retrieve_path_simplified ${new URLSearchParams({ path, depth: '0' }).toString()}`

afterEach(cleanup)

/** How many rows the row's folder holds, as the list tells assistive technology (most are not drawn). */
const setSizeOf = (list: HTMLElement, path: string) => {
  const row = list.querySelector<HTMLElement>(`[data-path="${path}"]`)
  return row ? Number(row.getAttribute('aria-setsize')) : undefined
}
/** Scrolls a list as the wheel would: the browser moves it, then tells it. */
const scrollList = (el: HTMLElement, top: number) => fireEvent.scroll(el, { target: { scrollTop: top } })

const rowPaths = (within_: HTMLElement, testId: string) =>
  within(within_)
    .queryAllByTestId(testId)
    .map((r) => r.dataset.path)

describe('scope editor over a large library', () => {
  it('reads only the top level when it opens, and one folder when the user opens it; picking and Unselect all work', async () => {
    const { transport, sent, take } = counted()
    let scope = emptyScope()
    renderWithApp(<ScopeEditorHarness onScope={(s) => (scope = s)} />, transport)
    const library = screen.getByRole('region', { name: 'Library' })
    await waitFor(() => expect(rowPaths(library, 'library-row')).toHaveLength(CLIENTS))
    // The top level, once (the tree and the dropped-files folder list share it), and nothing else.
    expect(take()).toEqual([listing('/')])

    await userEvent.click(within(library).getByRole('button', { name: 'Open Client 07' }))
    // Its 100 cases are in the list (drawn as they scroll into view).
    await waitFor(() => expect(setSizeOf(library, '/Client 07/Case 001')).toBe(CASES))
    expect(take()).toEqual([listing('/Client 07')])

    // Case 042 is 49 rows down: scrolled to, as a user would.
    scrollList(within(library).getByTestId('library-scroll'), 49 * 28 - 100)
    await userEvent.click(await within(library).findByRole('button', { name: 'Open Case 042' }))
    await within(library).findByRole('checkbox', { name: 'note 3.txt' })
    expect(take()).toEqual([listing('/Client 07/Case 042')])

    await userEvent.click(within(library).getByRole('checkbox', { name: 'note 3.txt' }))
    expect(scope.vector_fs_items.map((i) => i.path.path_ids)).toEqual([['Client 07', 'Case 042', 'note 3.txt']])
    // Partly selected, from the selected paths alone.
    expect(within(library).getByRole<HTMLInputElement>('checkbox', { name: 'Case 042' }).indeterminate).toBe(true)
    scrollList(within(library).getByTestId('library-scroll'), 0)
    expect((await within(library).findByRole<HTMLInputElement>('checkbox', { name: 'Client 07' })).indeterminate).toBe(true)
    expect(within(library).getByRole<HTMLInputElement>('checkbox', { name: 'Client 06' }).indeterminate).toBe(false)
    await userEvent.click(within(library).getByRole('checkbox', { name: 'Client 05' }))
    expect(within(library).getByTestId('library-selection-count').textContent).toBe('1 folder and 1 file selected')
    await userEvent.click(within(library).getByRole('button', { name: 'Unselect all' }))
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Unselect 1 folder and 1 file?' })).getByRole('button', { name: 'Unselect all' })
    )
    expect(within(library).getByTestId('library-selection-count').textContent).toBe('Nothing selected')
    // Checking and unchecking read nothing; reading the scope back needs the listing the user had open.
    expect(take().filter((r) => r.startsWith('retrieve_path_simplified'))).toEqual([])
    // However many rows the open folders hold, the list draws about a screenful.
    expect(rowPaths(library, 'library-row').length).toBeLessThan(40)
    expect(sent.every((r) => !r.includes('depth=') || r.includes('depth=0'))).toBe(true)
  })

  it('finds names through the node, anywhere in the tree, and shows each under the folders above it', async () => {
    const { transport, take } = counted()
    renderWithApp(<ScopeEditorHarness onScope={() => {}} />, transport)
    const library = screen.getByRole('region', { name: 'Library' })
    await waitFor(() => expect(rowPaths(library, 'library-row')).toHaveLength(CLIENTS))
    take()
    await userEvent.type(within(library).getByRole('textbox', { name: 'Search the library by name' }), 'case 077')
    await waitFor(() =>
      expect(rowPaths(library, 'library-row').slice(0, 4)).toEqual([
        '/Client 01',
        '/Client 01/Case 077',
        '/Client 02',
        '/Client 02/Case 077'
      ])
    )
    expect(setSizeOf(library, '/Client 01')).toBe(CLIENTS)
    expect(setSizeOf(library, '/Client 01/Case 077')).toBe(1)
    const requests = take()
    expect(requests.length).toBeGreaterThan(0)
    expect(requests.every((r) => r.startsWith('find_vector_fs_entries q='))).toBe(true)
    // A found folder opens like any other: its files are read then.
    await userEvent.click(within(library).getAllByRole('button', { name: 'Open Case 077' })[4]!)
    await within(library).findAllByRole('checkbox', { name: 'note 1.txt' })
    expect(take()).toEqual([listing('/Client 05/Case 077')])
  })

  it('marks entries whose path is gone with one request to the node, reading neither the tree nor their folders', async () => {
    const { transport, take } = counted()
    const initial: JobScope = {
      ...emptyScope(),
      vector_fs_folders: [
        { name: 'Case 010', path: { path_ids: ['Client 03', 'Case 010'] } },
        { name: 'Case 999', path: { path_ids: ['Client 03', 'Case 999'] } }
      ],
      vector_fs_items: [
        {
          name: 'note 9.txt',
          path: { path_ids: ['Client 04', 'Case 001', 'note 9.txt'] },
          source: { Standard: { FileRef: { file_name: 'note 9.txt', file_type: { Document: 'Txt' }, text_chunking_strategy: 'V1' } } }
        },
        {
          name: 'gone.txt',
          path: { path_ids: ['No such client', 'gone.txt'] },
          source: { Standard: { FileRef: { file_name: 'gone.txt', file_type: { Document: 'Txt' }, text_chunking_strategy: 'V1' } } }
        }
      ]
    }
    renderWithApp(<ScopeEditorHarness initial={initial} onScope={() => {}} />, transport)
    const library = screen.getByRole('region', { name: 'Library' })
    await waitFor(() => expect(within(library).queryAllByTestId('scope-missing')).toHaveLength(3))
    expect(
      within(library)
        .getAllByTestId('scope-missing')
        .map((m) => m.textContent)
    ).toEqual([
      expect.stringContaining('/Client 03/Case 999 is no longer'),
      expect.stringContaining('/Client 04/Case 001/note 9.txt is no longer'),
      expect.stringContaining('/No such client/gone.txt is no longer')
    ])
    // The library's top level, which the editor shows, and the one check.
    expect(take().sort()).toEqual([listing('/'), 'vector_fs_missing_paths'].sort())
  })
})

describe('Files page move dialog over a large library', () => {
  beforeEach(() => {
    window.location.hash = '#/files'
  })

  it('offers folders level by level and by name, reading one folder at a time, and moves into a deep folder', async () => {
    const { transport, take: taken } = counted()
    // The page reads the file states too (a count, for its notice of files that failed embedding): not a listing.
    const take = () => taken().filter((r) => r !== 'vector_fs_file_states')
    renderWithApp(<FilesPage />, transport)
    const library = screen.getByRole('navigation', { name: 'Library' })
    await waitFor(() => expect(rowPaths(library, 'tree-row')).toHaveLength(CLIENTS))
    expect(take()).toEqual([listing('/')])
    await userEvent.click(within(library).getByRole('treeitem', { name: 'Client 03', expanded: false }))
    await waitFor(() => expect(setSizeOf(library, '/Client 03/Case 001')).toBe(CASES))
    expect(take()).toEqual([listing('/Client 03')])

    await userEvent.click(within(library).getByRole('button', { name: 'Actions for Case 001' }))
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Rename or move…', hidden: true }))
    const dialog = await screen.findByRole('dialog')
    const destination = within(dialog).getByRole('combobox', { name: 'Destination folder' })
    expect((destination as HTMLInputElement).value).toBe('/Client 03')
    // It offers the folders near this one, and says that typing finds the others.
    expect(destination.getAttribute('aria-describedby')).toBeTruthy()
    expect(document.getElementById(destination.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Lists the folders near this one; type a name to find any folder.'
    )
    // The top level and the folder it is in were read already: opening the dialog reads no listing,
    // only which jobs use the folder (one question to the node).
    await waitFor(() => expect(take()).toEqual([`vector_fs_path_usage ${new URLSearchParams({ path: '/Client 03/Case 001' })}`]))

    // Down a level: choosing a top folder offers its folders (one listing read).
    await userEvent.click(destination)
    await userEvent.click(await screen.findByRole('option', { name: '/Client 05', hidden: true }))
    await userEvent.click(destination)
    await screen.findByRole('option', { name: '/Client 05/Case 100', hidden: true })
    expect(take()).toEqual([listing('/Client 05')])
    // The folder being moved, and what is inside it, are never offered.
    await userEvent.keyboard('{Escape}')

    // By name: the node finds the folders.
    await userEvent.clear(destination)
    await userEvent.type(destination, 'case 099')
    const option = await screen.findByRole('option', { name: '/Client 12/Case 099', hidden: true })
    const found = take()
    expect(found.length).toBeGreaterThan(0)
    expect(found.every((r) => r.startsWith('find_vector_fs_entries') && r.includes('kind=folder'))).toBe(true)
    await userEvent.click(option)
    // Chosen, it offers the folders inside it too: that one folder is read.
    await waitFor(() => expect(take()).toEqual([listing('/Client 12/Case 099')]))
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    const moved = (await node.get('/v2/retrieve_path_simplified', { path: '/Client 12/Case 099', depth: '0' })).body as FileInfo[]
    expect(moved.map((e) => e.name)).toContain('Case 001')
    const after = take()
    expect(after[0]).toBe('move_folder')
    // What the move changed is read again a level at a time.
    expect(after.slice(1).every((r) => r.startsWith('retrieve_path_simplified') && r.endsWith('depth=0'))).toBe(true)
  })

  it('never offers a folder being moved, nor what is inside it', async () => {
    const { transport } = counted()
    renderWithApp(<FilesPage />, transport)
    const library = screen.getByRole('navigation', { name: 'Library' })
    await waitFor(() => expect(rowPaths(library, 'tree-row')).toHaveLength(CLIENTS))
    await userEvent.click(within(library).getByRole('button', { name: 'Actions for Client 06' }))
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Rename or move…', hidden: true }))
    const dialog = await screen.findByRole('dialog')
    const destination = within(dialog).getByRole('combobox', { name: 'Destination folder' })
    await userEvent.clear(destination)
    await userEvent.type(destination, 'client 0')
    await screen.findByRole('option', { name: '/Client 05', hidden: true })
    const offered = screen.getAllByRole('option', { hidden: true }).map((o) => o.textContent)
    expect(offered).toContain('/Client 07')
    expect(offered).not.toContain('/Client 06')
    expect(offered.some((o) => o?.startsWith('/Client 06/'))).toBe(false)
  })
})

describe('Files page search over a large library', () => {
  beforeEach(() => {
    window.location.hash = '#/files'
  })

  it('finds names through the node, each with its folder, reading no folder of the tree; past 20, says to type more', async () => {
    const { transport, take } = counted()
    renderWithApp(<FilesPage />, transport)
    await screen.findByRole('treeitem', { name: /^Client 20/ })
    take()
    const started = performance.now()
    await userEvent.type(screen.getByRole('textbox', { name: 'Search the library' }), 'case 077')
    const names = await screen.findByRole('region', { name: 'Names' }, { timeout: 10_000 })
    await waitFor(() => expect(within(names).getAllByTestId('name-result')).toHaveLength(CLIENTS))
    const took = performance.now() - started
    expect(within(names).getAllByTestId('name-result')[0]!.textContent).toBe('Case 077 in /Client 01')
    const requests = take()
    // 2,000 files are named note 3.txt: the first 20 are listed, and the rest are left to a narrower search.
    const search = screen.getByRole('textbox', { name: 'Search the library' })
    await userEvent.clear(search)
    await userEvent.type(search, 'note 3')
    await screen.findByText('The first 20 names found; type more of a name to narrow them.', {}, { timeout: 10_000 })
    expect(within(screen.getByRole('region', { name: 'Names' })).getAllByTestId('name-result')).toHaveLength(20)
    requests.push(...take())
    // The node finds the names and the passages: no folder listing, however many files there are.
    expect(requests.filter((r) => !r.startsWith('find_vector_fs_entries q=') && !r.startsWith('search_items'))).toEqual([])
    const asked = performance.now()
    await node.get('/v2/find_vector_fs_entries', { q: 'note 3', limit: '100' })
    const answered = performance.now() - asked
    console.info(
      `Files search by name over ${CLIENTS * CASES * FILES} files: ${requests.length} requests, ${Math.round(took)} ms from the first key (300 ms of it the typing pause); the node's answer for 100 names: ${answered.toFixed(1)} ms`
    )
  })
})
