// @vitest-environment happy-dom
import { act, cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Router } from '../../src/main/node-api/router'
import { hrefOf, navigateNow, useRoute } from '../../src/renderer/src/app/router'
import { FilesPage } from '../../src/renderer/src/features/files/FilesPage'
import { useTestNode, type TestNode } from '../support/node'
import { layOutLists } from './list-layout'
import { renderWithApp, routerTransport } from './render'

layOutLists()

/*
 * The Files page's search matched passages only: a file could not be found by its name (a scanned PDF
 * with no text, a name remembered but not its words), as the scope picker's filter finds it. Names
 * now come first, each with its folder, found by the node (find_vector_fs_entries: never the whole
 * library in the window), then the passages.
 */

function RoutedFilesPage() {
  const route = useRoute()
  return route.name === 'files' ? <FilesPage path={route.path} node={route.node} /> : null
}

async function put(node: TestNode, folder: string, filename: string, text: string) {
  const res = await node.post('/v2/upload_file_to_folder', { path: folder, filename, file_data: new TextEncoder().encode(text) })
  expect(res.status).toBe(200)
}

/** The router, with the requests the window makes written down. */
function recording(router: Router) {
  const calls: string[] = []
  const handle: Router['handle'] = (req) => {
    calls.push(`${req.method} ${req.path} ${new URLSearchParams((req.query ?? {}) as Record<string, string>).toString()}`.trim())
    return router.handle(req)
  }
  return { calls, router: { ...router, handle } }
}

describe('the Files page search finds names, then passages', () => {
  const node = useTestNode({
    setup: async (n) => {
      await n.post('/v2/create_folder', { path: '/', folder_name: 'Contracts' })
      await n.post('/v2/create_folder', { path: '/Contracts', folder_name: 'Leases 2025' })
      await put(n, '/Contracts/Leases 2025', 'flat lease.txt', 'The tenant pays on the first day of each month.')
      await put(n, '/', 'memo.txt', 'Ask the landlord to renew the lease before June.')
    }
  })
  beforeEach(() => {
    window.location.hash = '#/files'
  })
  afterEach(cleanup)

  it('a file named like the words is listed first with its folder, and opens from there; passages follow', async () => {
    const { calls, router } = recording(node.router)
    renderWithApp(<RoutedFilesPage />, routerTransport(router))
    await screen.findByRole('treeitem', { name: /^memo\.txt/ })
    calls.length = 0
    await userEvent.type(screen.getByRole('textbox', { name: 'Search the library' }), 'lease')
    const results = await screen.findByRole('region', { name: 'Search results' }, { timeout: 10_000 })
    const names = await within(results).findByRole('region', { name: 'Names' }, { timeout: 10_000 })
    // Folders first, as the node lists them; each with the folder it is in.
    expect(
      within(names)
        .getAllByTestId('name-result')
        .map((r) => r.textContent)
    ).toEqual(['Leases 2025 in /Contracts', 'flat lease.txt in /Contracts/Leases 2025'])
    const hit = within(names).getAllByTestId('name-result')[1]
    // The passage that holds the word comes after the names.
    const passage = await within(results).findByTestId('search-result', {}, { timeout: 10_000 })
    expect(passage.textContent).toContain('renew the lease')
    expect(names.compareDocumentPosition(passage) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    // Found by the node, not by reading the library's folders.
    expect(calls.some((c) => c.startsWith('GET /v2/find_vector_fs_entries q=lease'))).toBe(true)
    expect(calls.filter((c) => c.includes('retrieve_path_simplified'))).toEqual([])

    await userEvent.click(hit!)
    const preview = await screen.findByTestId('file-preview')
    await within(preview).findByText(/first day of each month/)
    // Its folders opened in the tree, so it is seen where it is.
    await screen.findByRole('treeitem', { name: /^flat lease\.txt/ })
  })

  it('a pasted search longer than names are searched by looks for names by its start, with no error; its passages are found', async () => {
    // Sent whole, the node refused it, and the page showed "must be at most 200 characters" above the passages.
    const { calls, router } = recording(node.router)
    renderWithApp(<RoutedFilesPage />, routerTransport(router))
    await screen.findByRole('treeitem', { name: /^memo\.txt/ })
    const pasted = `Ask the landlord to renew the lease ${'before the summer comes round again and the rent goes up '.repeat(5)}😀 end`
    expect(pasted.length).toBeGreaterThan(250)
    await userEvent.click(screen.getByRole('textbox', { name: 'Search the library' }))
    await userEvent.paste(pasted)
    const results = await screen.findByRole('region', { name: 'Search results' }, { timeout: 10_000 })
    expect((await within(results).findAllByTestId('search-result', {}, { timeout: 10_000 }))[0]!.textContent).toContain('renew the lease')
    await waitFor(() => expect(calls.some((c) => c.startsWith('GET /v2/find_vector_fs_entries'))).toBe(true))
    const q = new URLSearchParams(calls.find((c) => c.startsWith('GET /v2/find_vector_fs_entries'))!.split(' ')[2]).get('q')!
    expect(q.length).toBeLessThanOrEqual(200)
    expect(q).toMatch(/^ask the landlord to renew the lease before the summer/i)
    expect(screen.queryByRole('alert')).toBeNull()
    expect(document.body.textContent).not.toMatch(/at most 200 characters/)
  })

  it('a passage found opens its file with its folders opened in the tree and its row selected, as a name found does', async () => {
    renderWithApp(<RoutedFilesPage />, routerTransport(node.router))
    await screen.findByRole('treeitem', { name: /^memo\.txt/ })
    expect(screen.queryByRole('treeitem', { name: /^flat lease\.txt/ })).toBeNull()
    await userEvent.type(screen.getByRole('textbox', { name: 'Search the library' }), 'tenant')
    const results = await screen.findByRole('region', { name: 'Search results' }, { timeout: 10_000 })
    await userEvent.click(await within(results).findByTestId('search-result', {}, { timeout: 10_000 }))
    await within(await screen.findByTestId('file-preview')).findByText(/first day of each month/)
    const row = await screen.findByRole('treeitem', { name: /^flat lease\.txt/ }, { timeout: 10_000 })
    expect(row.getAttribute('aria-selected')).toBe('true')
    expect(screen.getByRole('treeitem', { name: /^Leases 2025/ }).getAttribute('aria-expanded')).toBe('true')
  })

  it('Escape in the search box clears it and its results, the focus staying there; so does its Clear button', async () => {
    renderWithApp(<RoutedFilesPage />, routerTransport(node.router))
    await screen.findByRole('treeitem', { name: /^memo\.txt/ })
    const box = screen.getByRole<HTMLInputElement>('textbox', { name: 'Search the library' })
    await userEvent.type(box, 'lease')
    await screen.findByRole('region', { name: 'Search results' }, { timeout: 10_000 })
    await userEvent.keyboard('{Escape}')
    expect(box.value).toBe('')
    expect(document.activeElement).toBe(box)
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Search results' })).toBeNull())
    // The page is still there: Escape went no further than the box.
    expect(screen.getByRole('treeitem', { name: /^memo\.txt/ })).toBeTruthy()

    await userEvent.type(box, 'lease')
    await screen.findByRole('region', { name: 'Search results' }, { timeout: 10_000 })
    await userEvent.click(screen.getByRole('button', { name: 'Clear search' }))
    expect(box.value).toBe('')
    // The button goes with the search: the focus is in the box again (it was left on the page).
    expect(document.activeElement).toBe(box)
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Search results' })).toBeNull())
  })

  it('a search typed after one was cleared lists no name the cleared one found while its own names are asked for', async () => {
    let release = () => {}
    const held = new Promise<void>((r) => (release = r))
    const handle: Router['handle'] = async (req) => {
      if (req.path === '/v2/find_vector_fs_entries' && req.query?.q === 'memo') await held
      return node.router.handle(req)
    }
    renderWithApp(<RoutedFilesPage />, routerTransport({ ...node.router, handle }))
    await screen.findByRole('treeitem', { name: /^memo\.txt/ })
    const box = screen.getByRole<HTMLInputElement>('textbox', { name: 'Search the library' })
    const namesListed = () => screen.queryAllByTestId('name-result').map((r) => r.textContent ?? '')
    await userEvent.type(box, 'lease')
    await waitFor(() => expect(namesListed().some((n) => n.startsWith('flat lease.txt'))).toBe(true), { timeout: 10_000 })
    await userEvent.keyboard('{Escape}')
    const stale: string[] = []
    const watch = new MutationObserver(() => stale.push(...namesListed().filter((n) => n.startsWith('flat lease.txt'))))
    watch.observe(document.body, { subtree: true, childList: true, characterData: true })
    try {
      // Enter searches at once: the names of "memo" are asked for (and held).
      await userEvent.type(box, 'memo{Enter}')
      await new Promise((r) => setTimeout(r, 400))
      release()
      await waitFor(() => expect(namesListed().some((n) => n.startsWith('memo.txt'))).toBe(true), { timeout: 10_000 })
    } finally {
      watch.disconnect()
      release()
    }
    expect(stale).toEqual([])
  })

  it('a typed path lists the folder it names and what lies under it, each with its folder; no name holds its words', async () => {
    const { calls, router } = recording(node.router)
    renderWithApp(<RoutedFilesPage />, routerTransport(router))
    await screen.findByRole('treeitem', { name: /^memo\.txt/ })
    await userEvent.type(screen.getByRole('textbox', { name: 'Search the library' }), 'contracts/leases')
    const names = await screen.findByRole('region', { name: 'Names' }, { timeout: 10_000 })
    expect(within(names).getByRole('heading').textContent).toBe('Files and folders whose name or path holds “contracts/leases”')
    await waitFor(() =>
      expect(
        within(names)
          .getAllByTestId('name-result')
          .map((r) => r.textContent)
      ).toEqual(['Leases 2025 in /Contracts', 'flat lease.txt in /Contracts/Leases 2025'])
    )
    // Sent as typed: the node looks for it in the paths.
    expect(calls.some((c) => c.startsWith('GET /v2/find_vector_fs_entries q=contracts%2Fleases'))).toBe(true)
    await userEvent.click(within(names).getAllByTestId('name-result')[1]!)
    await within(await screen.findByTestId('file-preview')).findByText(/first day of each month/)
  })

  it('a folder found by its name is opened in the tree and becomes the upload folder', async () => {
    renderWithApp(<RoutedFilesPage />, routerTransport(node.router))
    await screen.findByRole('treeitem', { name: /^memo\.txt/ })
    await userEvent.type(screen.getByRole('textbox', { name: 'Search the library' }), 'leases 20')
    const names = await screen.findByRole('region', { name: 'Names' }, { timeout: 10_000 })
    const [hit] = within(names).getAllByTestId('name-result')
    expect(hit!.textContent).toBe('Leases 2025 in /Contracts')
    await userEvent.click(hit!)
    const row = await screen.findByRole('treeitem', { name: /^Leases 2025/ })
    await waitFor(() => expect(row.getAttribute('aria-expanded')).toBe('true'))
    await screen.findByRole('treeitem', { name: /^flat lease\.txt/ })
    expect(screen.getByTestId('upload-target').textContent).toContain('/Contracts/Leases 2025')
  })

  it('the page opened at a file (a cited source, a reload) uploads beside it; so does Back to a file elsewhere', async () => {
    window.location.hash = hrefOf({ name: 'files', path: '/Contracts/Leases 2025/flat lease.txt' })
    renderWithApp(<RoutedFilesPage />, routerTransport(node.router))
    await within(await screen.findByTestId('file-preview')).findByText(/first day of each month/)
    expect(screen.getByTestId('upload-target').textContent).toContain('/Contracts/Leases 2025')
    // The address changed from outside the page (Back, a link): the upload folder follows the file shown.
    act(() => {
      navigateNow({ name: 'files', path: '/memo.txt' })
    })
    await within(await screen.findByTestId('file-preview')).findByText(/renew the lease/)
    await waitFor(() => expect(screen.getByTestId('upload-target').textContent).toContain('the top folder'))
  })

  it('the file shown renamed here keeps the upload folder the operator chose elsewhere', async () => {
    window.location.hash = hrefOf({ name: 'files', path: '/memo.txt' })
    renderWithApp(<RoutedFilesPage />, routerTransport(node.router))
    await within(await screen.findByTestId('file-preview')).findByText(/renew the lease/)
    await userEvent.click(await screen.findByRole('treeitem', { name: /^Contracts/ }))
    await waitFor(() => expect(screen.getByTestId('upload-target').textContent).toContain('/Contracts'))
    // The preview follows the file to its new name; that move is the page's own, not a file opened.
    await userEvent.click(screen.getByRole('button', { name: 'Actions for memo.txt' }))
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Rename or move…', hidden: true }))
    const name = await screen.findByRole('textbox', { name: 'Name' })
    await userEvent.clear(name)
    await userEvent.type(name, 'memo 2.txt')
    await userEvent.click(screen.getByRole('button', { name: 'Rename' }))
    await waitFor(() => expect(window.location.hash).toBe(hrefOf({ name: 'files', path: '/memo 2.txt' })))
    await within(await screen.findByTestId('file-preview')).findByText(/renew the lease/)
    expect(screen.getByTestId('upload-target').textContent).toContain('/Contracts')
  })

  it('a file opened in the tree, or from its name in the results, makes its folder the upload folder', async () => {
    renderWithApp(<RoutedFilesPage />, routerTransport(node.router))
    await userEvent.click(await screen.findByRole('treeitem', { name: /^Contracts/ }))
    await userEvent.click(await screen.findByRole('treeitem', { name: /^Leases 2025/ }))
    await screen.findByRole('treeitem', { name: /^flat lease\.txt/ })
    expect(screen.getByTestId('upload-target').textContent).toContain('/Contracts/Leases 2025')
    // A file elsewhere: uploads go beside it, not on into the folder opened last.
    await userEvent.click(screen.getByRole('treeitem', { name: /^memo\.txt/ }))
    await screen.findByTestId('file-preview')
    expect(screen.getByTestId('upload-target').textContent).toContain('the top folder')
    await userEvent.type(screen.getByRole('textbox', { name: 'Search the library' }), 'flat lease')
    const names = await screen.findByRole('region', { name: 'Names' }, { timeout: 10_000 })
    await userEvent.click(
      within(names)
        .getAllByTestId('name-result')
        .find((r) => r.textContent?.startsWith('flat lease.txt'))!
    )
    await waitFor(() => expect(screen.getByTestId('upload-target').textContent).toContain('/Contracts/Leases 2025'))
  })
})
