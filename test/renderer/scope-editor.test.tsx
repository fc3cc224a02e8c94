// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import pickerClasses from '../../src/renderer/src/features/jobs/LibraryPicker.module.css'
import { parseLocalEntry } from '../../src/renderer/src/features/jobs/scope-entries'
import { emptyScope, JobScopeSchema, type JobScope } from '../../src/shared/contract/scope'
import { pdfOf } from '../support/documents'
import { documentResource, remoteSharedFolder, vrkaiEntry } from '../support/fixtures'
import { useSeededDataDir, useTestNode } from '../support/node'
import { ScopeEditorHarness } from './scope-editor-harness'
import { renderWithApp, routerTransport } from './render'
import { holdingTransport, objectBridgeTransport } from './object-bridge'
import { layOutLists } from './list-layout'
import { anyUploadUnderWay, useUploadsUnderWay } from '../../src/renderer/src/stores/uploads'

// The trees are virtual lists: they draw the rows a list of this height shows.
layOutLists()

afterEach(cleanup)

/**
 * Puts a remote node's full name in its empty field as a paste does: one change, where typing its 19 characters drew
 * the whole editor again at each. Where a field is checked as typed, the tests still type it.
 */
async function fill(field: HTMLElement, text: string) {
  await userEvent.click(field)
  await userEvent.paste(text)
}

const vrkai = vrkaiEntry(documentResource('handbook'))
const vrpack = {
  vrpack: {
    embedding_models_used: {},
    folder_count: 1,
    metadata: {},
    name: 'Pack',
    resource: { Document: documentResource('root') },
    version: 'V1',
    vrkai_count: 1
  }
}

const txtSource = (name: string, type: string) => ({
  Standard: { FileRef: { file_name: name, file_type: { Document: type }, text_chunking_strategy: 'V1' } }
})

/** The scope editor over the test node, its library listed: a row by path, and the names picked so far. */
async function openPicker(node: ReturnType<typeof useTestNode>) {
  let scope: JobScope = emptyScope()
  renderWithApp(<ScopeEditorHarness onScope={(s) => (scope = s)} />, routerTransport(node.router))
  const library = screen.getByRole('region', { name: 'Library' })
  await within(library).findByRole('checkbox', { name: 'notes.txt' })
  const row = (path: string) =>
    within(library)
      .getAllByTestId('library-row')
      .find((r) => r.dataset.path === path)!
  const picked = () => [...scope.vector_fs_folders, ...scope.vector_fs_items].map((e) => e.name)
  return { library, row, picked, scope: () => scope }
}

describe('ScopeEditor', () => {
  // The same library for each test, seeded once for the block: each test starts on its own copy of it.
  const seeded = useSeededDataDir(async (node) => {
    const ok = async (res: Promise<{ status: number; body: unknown }>) =>
      expect((await res).status, JSON.stringify((await res).body)).toBe(200)
    const upload = (path: string, filename: string, text: string) =>
      ok(node.post('/v2/upload_file_to_folder', { path, filename, file_data: new TextEncoder().encode(text) }))
    await ok(node.post('/v2/create_folder', { path: '/', folder_name: 'Contracts' }))
    await ok(node.post('/v2/create_folder', { path: '/Contracts', folder_name: '2025' }))
    await upload('/Contracts', 'lease.txt', 'The lease runs until 2030.')
    await upload('/Contracts/2025', 'q3.md', '# Q3\n\nRevenue grew.')
    await upload('/', 'notes.txt', 'Call the landlord.')
  })
  const node = useTestNode({ from: () => seeded.dir })
  afterEach(cleanup)

  it('picks library folders and files from the tree as seed entries; a folder takes over what is inside it', async () => {
    let scope: JobScope = emptyScope()
    renderWithApp(<ScopeEditorHarness onScope={(s) => (scope = s)} />, routerTransport(node.router))
    const library = screen.getByRole('region', { name: 'Library' })
    await userEvent.click(await within(library).findByRole('checkbox', { name: 'notes.txt' }))
    expect(scope.vector_fs_items).toEqual([{ name: 'notes.txt', path: { path_ids: ['notes.txt'] }, source: txtSource('notes.txt', 'Txt') }])

    await userEvent.click(within(library).getByRole('button', { name: 'Open Contracts' }))
    await userEvent.click(within(library).getByRole('button', { name: 'Open 2025' }))
    await userEvent.click(within(library).getByRole('checkbox', { name: 'q3.md' }))
    await userEvent.click(within(library).getByRole('checkbox', { name: '2025' }))
    // The folder includes q3.md: the item entry goes, the folder entry comes.
    expect(scope.vector_fs_folders).toEqual([{ name: '2025', path: { path_ids: ['Contracts', '2025'] } }])
    expect(scope.vector_fs_items.map((i) => i.name)).toEqual(['notes.txt'])
    const q3 = within(library).getByRole<HTMLInputElement>('checkbox', { name: 'q3.md' })
    expect([q3.checked, q3.disabled]).toEqual([true, true])
    expect(within(library).getByRole<HTMLInputElement>('checkbox', { name: 'Contracts' }).indeterminate).toBe(true)

    await userEvent.click(within(library).getByRole('checkbox', { name: 'Contracts' }))
    expect(scope.vector_fs_folders).toEqual([{ name: 'Contracts', path: { path_ids: ['Contracts'] } }])
    expect(within(library).getByTestId('library-selection-count').textContent).toBe('1 folder and 1 file selected')
    expect(JobScopeSchema.safeParse(scope).success).toBe(true)

    await userEvent.click(within(library).getByRole('button', { name: 'Unselect all' }))
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Unselect 1 folder and 1 file?' })).getByRole('button', { name: 'Unselect all' })
    )
    expect([scope.vector_fs_folders, scope.vector_fs_items]).toEqual([[], []])
    expect(within(library).getByTestId('library-selection-count').textContent).toBe('Nothing selected')
  })

  /* Only Tab went from the search into the tree; Down does, as it does from the inbox list's search. */
  it('Down in the library search goes on into the tree: to its focused row, else its first', async () => {
    renderWithApp(<ScopeEditorHarness onScope={() => {}} />, routerTransport(node.router))
    const library = screen.getByRole('region', { name: 'Library' })
    await within(library).findByRole('checkbox', { name: 'notes.txt' })
    const search = within(library).getByRole('textbox', { name: 'Search the library by name' })
    await userEvent.click(search)
    await userEvent.keyboard('{ArrowDown}')
    const rows = within(library).getAllByRole('treeitem')
    expect(document.activeElement).toBe(rows[0])
    await userEvent.keyboard('{ArrowDown}')
    expect(document.activeElement).toBe(rows[1])
    // Back to the search and Down again: the row last focused (the tree's one Tab stop), not the first.
    await userEvent.click(search)
    await userEvent.keyboard('{ArrowDown}')
    expect(document.activeElement).toBe(within(library).getAllByRole('treeitem')[1])
  })

  it('Unselect all asks first when it would drop more than one entry picked by hand; kept, nothing changes and the focus is back on it', async () => {
    const { library, picked } = await openPicker(node)
    await userEvent.click(within(library).getByRole('checkbox', { name: 'notes.txt' }))
    await userEvent.click(within(library).getByRole('checkbox', { name: 'Contracts' }))
    expect(picked()).toEqual(['Contracts', 'notes.txt'])
    const unselect = within(library).getByRole('button', { name: 'Unselect all' })

    await userEvent.click(unselect)
    const asked = await screen.findByRole('dialog', { name: 'Unselect 1 folder and 1 file?' })
    expect(asked.textContent).toContain('nothing is deleted from the library')
    await userEvent.click(within(asked).getByRole('button', { name: 'Keep them' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Unselect all/ })).toBeNull())
    expect(picked()).toEqual(['Contracts', 'notes.txt'])
    await waitFor(() => expect(document.activeElement).toBe(unselect))

    await userEvent.click(unselect)
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Unselect 1 folder and 1 file?' })).getByRole('button', { name: 'Unselect all' })
    )
    expect(picked()).toEqual([])
    await waitFor(() => expect(document.activeElement).toBe(within(library).getByRole('textbox', { name: 'Search the library by name' })))
  })

  it('a click anywhere on a row checks or unchecks it, as in a desktop tree; the box, the name, the chevron and the keys still act once', async () => {
    const { library, row, picked } = await openPicker(node)
    // The blank part of the row, right of the name (the row itself, not its controls).
    await userEvent.click(row('/notes.txt'))
    expect(picked()).toEqual(['notes.txt'])
    expect(row('/notes.txt').getAttribute('aria-checked')).toBe('true')
    await userEvent.click(row('/notes.txt'))
    expect(picked()).toEqual([])
    // The name (the box's label) and the box toggle once each, not twice (their click reaches the row too).
    await userEvent.click(within(row('/notes.txt')).getByText('notes.txt'))
    expect(picked()).toEqual(['notes.txt'])
    await userEvent.click(within(library).getByRole('checkbox', { name: 'notes.txt' }))
    expect(picked()).toEqual([])
    // The chevron opens the folder and checks nothing.
    await userEvent.click(within(library).getByRole('button', { name: 'Open Contracts' }))
    await within(library).findByRole('checkbox', { name: '2025' })
    expect(picked()).toEqual([])
    await userEvent.click(row('/Contracts'))
    expect(picked()).toEqual(['Contracts'])
    // A row included with its folder above is not toggled by a click.
    await userEvent.click(row('/Contracts/lease.txt'))
    expect(picked()).toEqual(['Contracts'])
    // The keys still act on the row a click focused: Space checks and unchecks it, Down and Space check the next.
    await userEvent.click(row('/Contracts'))
    expect(picked()).toEqual([])
    expect(document.activeElement).toBe(row('/Contracts'))
    await userEvent.keyboard(' ')
    expect(picked()).toEqual(['Contracts'])
    await userEvent.keyboard(' ')
    expect(picked()).toEqual([])
    await userEvent.keyboard('{ArrowDown}')
    expect(document.activeElement).toBe(row('/Contracts/2025'))
    await userEvent.keyboard(' ')
    expect(picked()).toEqual(['2025'])
    // A row shows the pointer over it with a hover background, but for one included with its folder (no click acts there).
    expect(row('/notes.txt').classList.contains(pickerClasses.entry!)).toBe(true)
    const css = readFileSync(join(__dirname, '../../src/renderer/src/features/jobs/LibraryPicker.module.css'), 'utf8')
    expect(css).toMatch(/\.entry:hover:not\(\[aria-disabled='true'\]\) \{\s*background-color: var\(--mantine-color-default-hover\);/)
  })

  it('a double-click on a folder row opens or closes it, as in a desktop tree; its two clicks leave the box as it was', async () => {
    const { library, row, picked } = await openPicker(node)
    // The blank part of the row: the folder opens, and is neither checked nor left checked.
    await userEvent.dblClick(row('/Contracts'))
    await within(library).findByRole('checkbox', { name: '2025' })
    expect(row('/Contracts').getAttribute('aria-expanded')).toBe('true')
    expect(picked()).toEqual([])
    expect(row('/Contracts').getAttribute('aria-checked')).toBe('false')
    // Again: it closes.
    await userEvent.dblClick(row('/Contracts'))
    await waitFor(() => expect(row('/Contracts/2025')).toBeUndefined())
    expect(row('/Contracts').getAttribute('aria-expanded')).toBe('false')
    expect(picked()).toEqual([])
    // On its name (the box's label) too; a folder checked before stays checked.
    await userEvent.click(row('/Contracts'))
    expect(picked()).toEqual(['Contracts'])
    await userEvent.dblClick(within(row('/Contracts')).getByText('Contracts'))
    await within(library).findByRole('checkbox', { name: '2025' })
    expect(picked()).toEqual(['Contracts'])
    expect(row('/Contracts').getAttribute('aria-checked')).toBe('true')
    // The chevron is not a double-click target: it opens or closes once per click (two: closed again).
    await userEvent.dblClick(within(library).getByRole('button', { name: 'Close Contracts' }))
    expect(row('/Contracts/2025')).toBeDefined()
    expect(row('/Contracts').getAttribute('aria-expanded')).toBe('true')
    // A file's row has nothing to open: its two clicks leave it as it was.
    await userEvent.dblClick(row('/notes.txt'))
    expect(picked()).toEqual(['Contracts'])
  })

  it('search shows the matching names with the folders above them', async () => {
    renderWithApp(<ScopeEditorHarness onScope={() => {}} />, routerTransport(node.router))
    const library = screen.getByRole('region', { name: 'Library' })
    await within(library).findByRole('checkbox', { name: 'notes.txt' })
    await userEvent.type(within(library).getByRole('textbox', { name: 'Search the library by name' }), 'Q3')
    // The node finds the name; the folders above it are shown open.
    await waitFor(() =>
      expect(
        within(library)
          .getAllByTestId('library-row')
          .map((r) => r.dataset.path)
      ).toEqual(['/Contracts', '/Contracts/2025', '/Contracts/2025/q3.md'])
    )
  })

  it('shows an entry whose path is no longer in the library as missing, and can remove it', async () => {
    let scope: JobScope = emptyScope()
    const initial = {
      ...emptyScope(),
      vector_fs_folders: [
        { name: 'Contracts', path: { path_ids: ['Contracts'] } },
        { name: 'Old', path: { path_ids: ['Archive', 'Old'] } }
      ],
      vector_fs_items: [{ name: 'gone.pdf', path: { path_ids: ['gone.pdf'] }, source: txtSource('gone.pdf', 'Pdf') }]
    }
    renderWithApp(<ScopeEditorHarness initial={initial} onScope={(s) => (scope = s)} />, routerTransport(node.router))
    const library = screen.getByRole('region', { name: 'Library' })
    await waitFor(() => expect(within(library).getAllByTestId('scope-missing')).toHaveLength(2))
    expect(
      within(library)
        .getAllByTestId('scope-missing')
        .map((m) => m.textContent)
    ).toEqual([
      expect.stringContaining('/Archive/Old is no longer in the library'),
      expect.stringContaining('/gone.pdf is no longer in the library')
    ])
    expect(within(library).getByRole<HTMLInputElement>('checkbox', { name: 'Contracts' }).checked).toBe(true)
    await userEvent.click(within(library).getByRole('button', { name: 'Remove Old' }))
    expect(scope.vector_fs_folders).toEqual([{ name: 'Contracts', path: { path_ids: ['Contracts'] } }])
    expect(within(library).getAllByTestId('scope-missing')).toHaveLength(1)
  })

  it('the button that opens the network folders says so: "Advanced" alone, below the scope, read as the heading of the sheet and hidden settings under it', async () => {
    renderWithApp(<ScopeEditorHarness onScope={() => {}} />, routerTransport(node.router))
    const button = screen.getByRole('button', { name: 'Advanced: folders on other nodes' })
    expect(button.getAttribute('aria-expanded')).toBe('false')
    await userEvent.click(button)
    expect(button.getAttribute('aria-expanded')).toBe('true')
    expect(screen.getByRole('region', { name: 'Folders on other nodes' })).toBeTruthy()
  })

  it('a network folder’s node, profile, agent and folder name are checked as typed: nothing no remote node would take is added', async () => {
    let scope: JobScope = emptyScope()
    renderWithApp(<ScopeEditorHarness onScope={(s) => (scope = s)} />, routerTransport(node.router))
    await userEvent.click(screen.getByRole('button', { name: 'Advanced: folders on other nodes' }))
    const network = screen.getByRole('region', { name: 'Folders on other nodes' })
    const add = within(network).getByRole('button', { name: 'Add network folder' })
    const field = (label: string) => within(network).getByLabelText(label, { exact: false, selector: 'input' })
    await userEvent.type(field('Remote node'), 'other node')
    await userEvent.type(field('Remote agent'), 'my agent')
    await userEvent.type(field('Shared folder name'), 'Shared/2024')
    expect(within(network).getByText(/A node’s name starts with @@/)).toBeTruthy()
    expect(field('Remote node').getAttribute('aria-invalid')).toBe('true')
    expect(field('Remote agent').getAttribute('aria-invalid')).toBe('true')
    expect(within(network).getByText(/cannot contain “\/”/)).toBeTruthy()
    // Pressed now, Add adds nothing and goes to the first field that is wrong.
    await userEvent.click(add)
    expect(scope.network_folders).toEqual([])
    expect(document.activeElement).toBe(field('Remote node'))
    await userEvent.clear(field('Remote node'))
    await fill(field('Remote node'), '@@other.sep-shinkai')
    await userEvent.clear(field('Remote agent'))
    await userEvent.type(field('Remote agent'), 'my_agent')
    await userEvent.clear(field('Shared folder name'))
    await userEvent.type(field('Shared folder name'), 'Shared 2024')
    expect(field('Remote node').getAttribute('aria-invalid')).not.toBe('true')
    expect(within(network).queryByText(/A node’s name starts with @@/)).toBeNull()
    await userEvent.click(add)
    expect(scope.network_folders.map((f) => f.external_identity.full_name)).toEqual(['@@other.sep-shinkai/main/agent/my_agent'])
  })

  it('a network folder’s path keeps a comma in a name and a folder named twice, takes “/” between folders, and refuses “..”', async () => {
    let scope: JobScope = emptyScope()
    renderWithApp(<ScopeEditorHarness onScope={(s) => (scope = s)} />, routerTransport(node.router))
    await userEvent.click(screen.getByRole('button', { name: 'Advanced: folders on other nodes' }))
    const network = screen.getByRole('region', { name: 'Folders on other nodes' })
    const field = (label: string) => within(network).getByLabelText(label, { exact: false, selector: 'input' })
    const add = within(network).getByRole('button', { name: 'Add network folder' })
    await fill(field('Remote node'), '@@other.sep-shinkai')
    await userEvent.type(field('Remote agent'), 'my_agent')
    await userEvent.type(field('Shared folder name'), 'Shared')
    const path = within(network).getByRole('combobox', { name: 'Path' })
    // A comma is part of a name; 2025 twice is another path than 2025 once; "/" goes to the next folder.
    await userEvent.type(path, 'Smith, J{Enter}2025{Enter}Q1/2025{Enter}')
    await userEvent.type(path, '..{Enter}')
    expect(within(network).getByText(/“\.\.” is not a folder’s name/)).toBeTruthy()
    expect(path.getAttribute('aria-invalid')).toBe('true')
    await userEvent.click(add)
    expect(scope.network_folders).toEqual([])
    expect(document.activeElement).toBe(path)
    await userEvent.keyboard('{Backspace}')
    expect(within(network).queryByText(/is not a folder’s name/)).toBeNull()
    await userEvent.click(add)
    expect(scope.network_folders.map((f) => f.path.path_ids)).toEqual([['Smith, J', '2025', 'Q1', '2025']])
  })

  it('Add with a network folder’s fields empty says which are needed on each, goes to the first, and adds nothing (a disabled Add said nothing)', async () => {
    let scope: JobScope = emptyScope()
    renderWithApp(<ScopeEditorHarness onScope={(s) => (scope = s)} />, routerTransport(node.router))
    await userEvent.click(screen.getByRole('button', { name: 'Advanced: folders on other nodes' }))
    const network = screen.getByRole('region', { name: 'Folders on other nodes' })
    const field = (label: string) => within(network).getByLabelText(label, { exact: false, selector: 'input' })
    const add = within(network).getByRole('button', { name: 'Add network folder' })
    expect(add.hasAttribute('disabled')).toBe(false)
    expect(field('Remote node').hasAttribute('required')).toBe(true)
    // Nothing said before Add is pressed.
    expect(field('Remote node').getAttribute('aria-invalid')).not.toBe('true')
    await userEvent.click(add)
    expect(scope.network_folders).toEqual([])
    expect(document.activeElement).toBe(field('Remote node'))
    expect(within(network).getByText('Name the remote node, as @@other.sep-shinkai.')).toBeTruthy()
    expect(within(network).getByText('Name the agent on that node that shares the folder.')).toBeTruthy()
    expect(within(network).getByText('Name the folder that node shares.')).toBeTruthy()
    expect(field('Remote profile').getAttribute('aria-invalid')).not.toBe('true') // "main" is there
    // Filled in, each sentence goes as its field is typed, and Add adds the folder.
    await fill(field('Remote node'), '@@other.sep-shinkai')
    expect(within(network).queryByText('Name the remote node, as @@other.sep-shinkai.')).toBeNull()
    await userEvent.type(field('Remote agent'), 'remote')
    await userEvent.click(add)
    expect(document.activeElement).toBe(field('Shared folder name'))
    await userEvent.type(field('Shared folder name'), 'Shared')
    await userEvent.click(add)
    expect(scope.network_folders.map((f) => f.name)).toEqual(['Shared'])
    // The emptied form says nothing until Add is pressed again.
    expect(within(network).queryByText(/^Name the/)).toBeNull()
  })

  it('network folders under Advanced and local imports still give the seed shape', async () => {
    let scope: JobScope = emptyScope()
    renderWithApp(<ScopeEditorHarness onScope={(s) => (scope = s)} />, routerTransport(node.router))
    await userEvent.click(screen.getByRole('button', { name: 'Advanced: folders on other nodes' }))
    const network = screen.getByRole('region', { name: 'Folders on other nodes' })
    await fill(within(network).getByLabelText(/^Remote node/), '@@other.sep-shinkai')
    await userEvent.type(within(network).getByLabelText(/^Remote agent/), 'remote')
    await userEvent.type(within(network).getByLabelText(/^Shared folder name/), 'Shared')
    await userEvent.type(within(network).getByRole('combobox', { name: 'Path' }), 'shared{Enter}')
    await userEvent.click(within(network).getByRole('button', { name: 'Add network folder' }))

    const local = screen.getByRole('region', { name: 'Imported documents and packs' })
    const file = (name: string, json: unknown) => new File([JSON.stringify(json)], name, { type: 'application/json' })
    act(() => {
      fireEvent.change(local.querySelector('input[type=file]')!, {
        target: { files: [file('a.json', vrkai), file('b.json', vrpack), file('bad.json', { nope: 1 })] }
      })
    })
    // The files are read asynchronously; the import reports its problems and the new scope together.
    expect(await within(local).findByText(/bad\.json: neither a vrkai nor a vrpack/)).toBeTruthy()

    expect(scope).toEqual({
      local_vrkai: [vrkai],
      local_vrpack: [vrpack],
      network_folders: [remoteSharedFolder(['shared'])],
      vector_fs_folders: [],
      vector_fs_items: []
    })
    expect(JobScopeSchema.safeParse(scope).success).toBe(true)
    expect(
      within(local)
        .getAllByTestId('local-entry')
        .map((c) => c.textContent)
    ).toEqual([expect.stringContaining('handbook2 nodes · snowflake-arctic-embed:xs'), expect.stringContaining('Pack2 nodes')])
    // The same files again (and a copy of one): not added a second time, each said so.
    act(() => {
      fireEvent.change(local.querySelector('input[type=file]')!, {
        target: { files: [file('a.json', vrkai), file('a copy.json', vrkai), file('b.json', vrpack)] }
      })
    })
    expect(await within(local).findByText('a copy.json: already in the scope')).toBeTruthy()
    expect(within(local).getByText('a.json: already in the scope')).toBeTruthy()
    expect(within(local).getByText('b.json: already in the scope')).toBeTruthy()
    expect(scope.local_vrkai).toEqual([vrkai])
    expect(scope.local_vrpack).toEqual([vrpack])
    await userEvent.click(within(local).getByRole('button', { name: 'Remove handbook' }))
    expect(scope.local_vrkai).toEqual([])
    expect(scope.local_vrpack).toEqual([vrpack])
  })
})

describe('parseLocalEntry', () => {
  it('accepts the entry or the bare resource, and names the bad field otherwise', () => {
    expect(parseLocalEntry(JSON.stringify(vrkai))).toMatchObject({ ok: true, section: 'local_vrkai' })
    expect(parseLocalEntry(JSON.stringify(vrkai.vrkai))).toEqual({ ok: true, section: 'local_vrkai', entry: vrkai })
    expect(parseLocalEntry(JSON.stringify(vrpack.vrpack))).toEqual({ ok: true, section: 'local_vrpack', entry: vrpack })
    const broken = structuredClone(vrkai) as { vrkai: { resource: { Document: { node_count: unknown } } } }
    broken.vrkai.resource.Document.node_count = 'many'
    expect(parseLocalEntry(JSON.stringify(broken))).toEqual({
      ok: false,
      error: 'vrkai.resource.Document.node_count: expected number, got string'
    })
    const notJson = parseLocalEntry('{')
    expect(!notJson.ok && notJson.error).toMatch(/^not JSON/)
  })

  it("keeps a whole number past 2^53 in the entry's metadata as written, and in the kept draft after a reload", async () => {
    const BIG = '12345678901234567890'
    const text = JSON.stringify({ vrkai: { ...vrkai.vrkai, metadata: { ticket: 'BIG' } } }).replace('"BIG"', BIG)
    const read = parseLocalEntry(text)
    if (!read.ok) throw new Error(read.error)
    expect(JSON.stringify(read.entry)).toContain(`"ticket":${BIG}`)
    const { useNewJobDraft } = await import('../../src/renderer/src/features/jobs/new-job-draft')
    const scope = { ...emptyScope(), local_vrkai: [read.entry as JobScope['local_vrkai'][number]] }
    useNewJobDraft.getState().set({ scope })
    const kept = sessionStorage.getItem('nodedesk.newJobDraft')!
    expect(kept).toContain(`"ticket":${BIG}`)
    // A reload: the page's state is new, the tab's storage as the page before left it.
    useNewJobDraft.setState({ scope: emptyScope() })
    sessionStorage.setItem('nodedesk.newJobDraft', kept)
    await useNewJobDraft.persist.rehydrate()
    expect(JSON.stringify(useNewJobDraft.getState().scope)).toContain(`"ticket":${BIG}`)
    useNewJobDraft.getState().reset()
  })
})

describe('ScopeEditor drop', () => {
  const node = useTestNode()
  beforeEach(async () => {
    await node.post('/v2/create_folder', { path: '/', folder_name: 'Inbox docs' })
  })
  afterEach(cleanup)

  it('without a mouse: "Choose files…" uploads the picked files into the chosen folder and selects them (dropping was the only way)', async () => {
    let scope: JobScope = emptyScope()
    renderWithApp(<ScopeEditorHarness onScope={(s) => (scope = s)} />, routerTransport(node.router))
    const library = screen.getByRole('region', { name: 'Library' })
    await within(library).findByRole('checkbox', { name: 'Inbox docs' })
    const choose = within(library).getByRole('button', { name: 'Choose files…' })
    // A button of its own in the tab order, whose file input takes the picked files.
    expect(choose.tabIndex).toBe(0)
    const input = library.querySelector<HTMLInputElement>('input[type=file]')!
    await userEvent.upload(input, [new File(['The boiler is serviced in October.'], 'boiler.txt', { type: 'text/plain' })])
    await waitFor(() => expect(scope.vector_fs_items.map((i) => i.path.path_ids)).toEqual([['boiler.txt']]))
    expect(within(library).getByTestId('scope-upload').textContent).toBe('boiler.txt: uploaded and selected')
  })

  it('a file uploaded here with no text (a scanned PDF, an empty file) is selected, and its line says answers cannot use it', async () => {
    let scope: JobScope = emptyScope()
    renderWithApp(<ScopeEditorHarness onScope={(s) => (scope = s)} />, routerTransport(node.router))
    const library = screen.getByRole('region', { name: 'Library' })
    await within(library).findByRole('checkbox', { name: 'Inbox docs' })
    const input = library.querySelector<HTMLInputElement>('input[type=file]')!
    await userEvent.upload(input, [
      new File([new Uint8Array(await pdfOf(['']))], 'scan.pdf', { type: 'application/pdf' }),
      new File([''], 'empty.txt', { type: 'text/plain' }),
      new File(['The boiler is serviced in October.'], 'boiler.txt', { type: 'text/plain' })
    ])
    await waitFor(() =>
      expect(scope.vector_fs_items.map((i) => i.path.path_ids[0]).sort()).toEqual(['boiler.txt', 'empty.txt', 'scan.pdf'])
    )
    const line = (name: string) =>
      within(library)
        .getAllByTestId('scope-upload')
        .find((r) => r.textContent.startsWith(`${name}:`))!.textContent
    const note =
      ': uploaded and selected, but no text could be read from it (it is empty, or a scan with no text layer), so answers cannot use it. If it is a scan, upload a copy with its text recognised (OCR).'
    await waitFor(() => expect(line('scan.pdf')).toBe(`scan.pdf${note}`))
    expect(line('empty.txt')).toBe(`empty.txt${note}`)
    expect(line('boiler.txt')).toBe('boiler.txt: uploaded and selected')
  })

  it('a file uploaded here counts as under way (closing the window asks) until stored, not while its text is checked', async () => {
    // The node's answer to how many passages the file holds is held at the window's bridge until the count was read.
    const hold = holdingTransport({ request: (req) => node.router.handle(req) }, '/vector_fs_passage_count')
    renderWithApp(<ScopeEditorHarness onScope={() => {}} />, hold.transport)
    const library = screen.getByRole('region', { name: 'Library' })
    await within(library).findByRole('checkbox', { name: 'Inbox docs' })
    const input = library.querySelector<HTMLInputElement>('input[type=file]')!
    await userEvent.upload(input, [new File([new Uint8Array(await pdfOf(['']))], 'scan.pdf', { type: 'application/pdf' })])
    await act(() => hold.arrived)
    expect(within(library).getByTestId('scope-upload').textContent).toBe('scan.pdf: uploaded and selected')
    expect(anyUploadUnderWay(useUploadsUnderWay.getState())).toBe(false)
    hold.release()
    await waitFor(() => expect(within(library).getByTestId('scope-upload').textContent).toContain('no text could be read'))
  })

  it('"Choose files…" forgets each pick once taken, so the same file picked again (after its upload failed) is sent again', async () => {
    renderWithApp(<ScopeEditorHarness onScope={() => {}} />, routerTransport(node.router))
    const library = screen.getByRole('region', { name: 'Library' })
    await within(library).findByRole('checkbox', { name: 'Inbox docs' })
    const input = library.querySelector<HTMLInputElement>('input[type=file]')!
    await userEvent.upload(input, [new File(['The boiler is serviced in October.'], 'boiler.txt', { type: 'text/plain' })])
    // A browser tells no change for an input that already holds the file picked: it must hold none.
    expect(input.value).toBe('')
    await waitFor(() => expect(within(library).getByTestId('scope-upload').textContent).toBe('boiler.txt: uploaded and selected'))
  })

  it('an upload that ends after the picker has gone (its dialog closed, its job created) selects the file into no form', async () => {
    let release!: () => void
    const held = new Promise<void>((r) => (release = r))
    let uploadAsked = false
    const transport = objectBridgeTransport({
      request: async (req) => {
        if (req.path === '/v2/upload_file_to_folder') {
          uploadAsked = true
          await held
        }
        return node.router.handle(req)
      },
      onEvent: () => () => {}
    })
    const changes: JobScope[] = []
    const view = renderWithApp(<ScopeEditorHarness onScope={(s) => changes.push(s)} />, transport)
    const library = screen.getByRole('region', { name: 'Library' })
    await within(library).findByRole('checkbox', { name: 'Inbox docs' })
    const input = library.querySelector<HTMLInputElement>('input[type=file]')!
    await userEvent.upload(input, [new File(['The boiler is serviced in October.'], 'boiler.txt', { type: 'text/plain' })])
    await waitFor(() => expect(uploadAsked).toBe(true))
    view.unmount()
    release()
    // The file is in the library (the upload was not lost) ...
    await waitFor(async () => {
      const listed = await node.get('/v2/retrieve_path_simplified', { path: '/' })
      expect(JSON.stringify(listed.body)).toContain('boiler.txt')
    })
    await new Promise((r) => setTimeout(r, 50))
    // ... and no form was told of it.
    expect(changes).toEqual([])
  })

  it('a file whose name the folder has says what to do here, where there is neither Replace nor Retry', async () => {
    await node.post('/v2/upload_file_to_folder', { path: '/', filename: 'boiler.txt', file_data: new TextEncoder().encode('Old.') })
    renderWithApp(<ScopeEditorHarness onScope={() => {}} />, routerTransport(node.router))
    const library = screen.getByRole('region', { name: 'Library' })
    await within(library).findByRole('checkbox', { name: 'Inbox docs' })
    const input = library.querySelector<HTMLInputElement>('input[type=file]')!
    await userEvent.upload(input, [new File(['The boiler is serviced in October.'], 'boiler.txt', { type: 'text/plain' })])
    // It said "Choose Replace to put this file in its place, or rename or move that one, then choose Retry".
    await waitFor(() =>
      expect(within(library).getByTestId('scope-upload').textContent).toBe(
        'boiler.txt was not uploaded: the top folder already has a file or folder of that name. Rename or move that one, then upload it again.'
      )
    )
  })

  it('uploads a dropped file into the chosen folder and selects it; an unreadable one says why', async () => {
    let scope: JobScope = emptyScope()
    renderWithApp(<ScopeEditorHarness onScope={(s) => (scope = s)} />, routerTransport(node.router))
    const library = screen.getByRole('region', { name: 'Library' })
    await within(library).findByRole('checkbox', { name: 'Inbox docs' })
    await userEvent.click(within(library).getByLabelText('Folder for dropped files', { selector: 'input' }))
    await userEvent.click(await screen.findByRole('option', { name: '/Inbox docs', hidden: true }))
    fireEvent.drop(library, {
      dataTransfer: { types: ['Files'], files: [new File(['Rent is due monthly.'], 'rent.txt'), new File(['MZ'], 'tool.exe')] }
    })
    await waitFor(() => expect(scope.vector_fs_items.map((i) => i.path.path_ids)).toEqual([['Inbox docs', 'rent.txt']]))
    await waitFor(() =>
      expect(
        within(library)
          .getAllByTestId('scope-upload')
          .map((r) => r.textContent)
      ).toEqual([
        'rent.txt: uploaded and selected',
        expect.stringMatching(/^tool\.exe is not a kind of file the library reads\. It reads .*\(\.txt\)/)
      ])
    )
    expect((await node.get('/v2/retrieve_path_simplified', { path: '/Inbox docs', depth: '0' })).body).toMatchObject([{ name: 'rent.txt' }])
  })
})
