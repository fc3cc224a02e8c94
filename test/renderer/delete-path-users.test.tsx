// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { FilesPage } from '../../src/renderer/src/features/files/FilesPage'
import { ENTRY_MIME } from '../../src/renderer/src/features/files/LibraryTree'
import { moveUsersText, pathUsersText, replaceUsersText } from '../../src/renderer/src/features/files/PathUsers'
import { emptyScopeBody } from '../support/fixtures'
import { addProvider, createJob, useTestNode, type TestNode } from '../support/node'
import { layOutLists } from './list-layout'
import { renderWithApp, routerTransport } from './render'

layOutLists()

/*
 * A file's or folder's delete confirmation names the jobs whose scope takes it in (asked of the real
 * node: vector_fs_path_usage), each a link to its conversation, so the operator knows what the
 * delete takes from them before pressing Delete.
 */

const ok = async (res: Promise<{ status: number; body: unknown }>) => {
  const r = await res
  expect(r.status, JSON.stringify(r.body)).toBe(200)
  return r.body
}
const item = (p: string[]) => ({
  name: p[p.length - 1]!,
  path: { path_ids: p },
  source: { Standard: { FileRef: { file_name: p[p.length - 1]!, file_type: { Document: 'Txt' }, text_chunking_strategy: 'V1' } } }
})

async function namedJob(node: TestNode, name: string, folders: string[][], items: string[][]) {
  const jobId = await createJob(node, 'p1', {
    ...emptyScopeBody(),
    vector_fs_folders: folders.map((p) => ({ name: p.at(-1)!, path: { path_ids: p } })),
    vector_fs_items: items.map(item)
  })
  const inbox = `job_inbox::${jobId}::false`
  await ok(node.post('/v2/update_smart_inbox_name', { inbox_name: inbox, custom_name: name }))
  return inbox
}

async function seed(node: TestNode) {
  await addProvider(node, 'p1')
  await ok(node.post('/v2/create_folder', { path: '/', folder_name: 'Reports' }))
  await ok(node.post('/v2/create_folder', { path: '/', folder_name: 'Notes' }))
  for (const [path, filename] of [
    ['/Reports', 'q1.txt'],
    ['/Reports', 'q2.txt'],
    ['/', 'todo.txt']
  ] as const)
    await ok(node.post('/v2/upload_file_to_folder', { path, filename, file_data: new TextEncoder().encode(`Text of ${filename}.`) }))
}

async function askToDelete(name: string) {
  await userEvent.click(await screen.findByRole('button', { name: `Actions for ${name}` }))
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete…', hidden: true }))
  return screen.findByTestId('path-users')
}

describe('the delete confirmation names the jobs that use what goes', () => {
  const node = useTestNode()
  beforeEach(() => {
    window.location.hash = '#/files'
  })
  afterEach(cleanup)

  it('a folder: the jobs naming it or a file in it, each a link to its conversation; the link closes the dialog', async () => {
    await seed(node)
    const q1 = await namedJob(node, 'Quarter one', [], [['Reports', 'q1.txt']])
    const all = await namedJob(node, 'All reports', [['Reports']], [])
    await namedJob(node, 'Notes only', [['Notes']], [])
    renderWithApp(<FilesPage />, routerTransport(node.router))

    const users = await askToDelete('Reports')
    await waitFor(() => expect(users.textContent).toContain('2 jobs use it; their answers will no longer draw on it:'))
    const links = within(users).getAllByRole('link', { hidden: true })
    expect(links.map((a) => a.textContent)).toEqual(['All reports', 'Quarter one'])
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      `#/inboxes/${encodeURIComponent(all)}`,
      `#/inboxes/${encodeURIComponent(q1)}`
    ])
    await userEvent.click(links[0]!)
    await waitFor(() => expect(screen.queryByTestId('path-users')).toBeNull())
  })

  it('a file no job uses says so; asking deleted nothing', async () => {
    await seed(node)
    await namedJob(node, 'All reports', [['Reports']], [])
    renderWithApp(<FilesPage />, routerTransport(node.router))
    const users = await askToDelete('todo.txt')
    await waitFor(() => expect(users.textContent).toBe('No job uses it.'))
    await userEvent.click(screen.getByRole('button', { name: 'Cancel', hidden: true }))
    expect((await node.get('/v2/vector_fs_path_usage', { path: '/todo.txt' })).status).toBe(200)
  })

  it('says each answer of the node in a sentence, and the general warning when the node cannot say', () => {
    expect(pathUsersText('asking')).toBe('Looking for jobs that use it…')
    expect(pathUsersText('unknown')).toBe('Jobs whose scope names it will find nothing there.')
    expect(pathUsersText({ jobs: 0, recent: [] })).toBe('No job uses it.')
    expect(pathUsersText({ jobs: 1, recent: [] })).toBe('1 job uses it; its answers will no longer draw on it:')
    expect(pathUsersText({ jobs: 12_345, recent: [] })).toBe('12,345 jobs use it; their answers will no longer draw on it:')
  })

  it('the rename-or-move dialog warns when jobs use the entry, and says nothing when none does', async () => {
    await seed(node)
    await namedJob(node, 'Quarter one', [], [['Reports', 'q1.txt']])
    // The window's transport to the node, noting each usage answer it got.
    const answered: string[] = []
    const inner = routerTransport(node.router)
    const transport = {
      ...inner,
      request: async (req: Parameters<typeof inner.request>[0]) => {
        const res = await inner.request(req)
        if (req.path === '/v2/vector_fs_path_usage') answered.push(String(req.query?.path))
        return res
      }
    }
    renderWithApp(<FilesPage />, transport)
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Reports' }))
    await userEvent.click(await screen.findByRole('menuitem', { name: /Rename or move/, hidden: true }))
    const users = await screen.findByTestId('move-users')
    await waitFor(() =>
      expect(users.textContent).toContain(
        '1 job uses it. Its scope names it where it is now: once it is renamed or moved, its answers will no longer draw on it.'
      )
    )
    expect(within(users).getByRole('link', { name: 'Quarter one', hidden: true })).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Cancel', hidden: true }))
    await waitFor(() => expect(screen.queryByTestId('move-users')).toBeNull())

    await userEvent.click(await screen.findByRole('button', { name: 'Actions for todo.txt' }))
    await userEvent.click(await screen.findByRole('menuitem', { name: /Rename or move/, hidden: true }))
    const none = await screen.findByTestId('move-users')
    // Asked and answered: no job, nothing said.
    await waitFor(() => expect(answered).toContain('/todo.txt'))
    await new Promise((r) => setTimeout(r, 0))
    expect(none.textContent).toBe('')
    expect(moveUsersText({ jobs: 0, recent: [] })).toBeUndefined()
    expect(moveUsersText({ jobs: 3, recent: [] })).toBe(
      '3 jobs use it. Their scopes name it where it is now: once it is renamed or moved, their answers will no longer draw on it.'
    )
  })

  it('a drag of an entry jobs use asks first, naming them; Cancel keeps it, Move moves it; an unused one moves at once', async () => {
    await seed(node)
    await namedJob(node, 'Quarter one', [], [['Reports', 'q1.txt']])
    renderWithApp(<FilesPage />, routerTransport(node.router))
    const listing = async (path: string) =>
      ((await node.get('/v2/retrieve_path_simplified', { path, depth: '0' })).body as { name: string }[]).map((e) => e.name)
    const drag = async (entry: string, folder: string) => {
      const data = JSON.stringify({ path: entry, is_directory: false })
      const dataTransfer = { types: [ENTRY_MIME], getData: (type: string) => (type === ENTRY_MIME ? data : ''), files: [] }
      fireEvent.drop(within(await screen.findByRole('treeitem', { name: new RegExp(`^${folder}`) })).getByText(folder), { dataTransfer })
    }

    await drag('/Reports/q1.txt', 'Notes')
    const ask = await screen.findByRole('dialog', { name: 'Move q1.txt into /Notes?', hidden: true })
    expect(ask.textContent).toContain('1 job uses it. Its scope names it where it is now')
    expect(within(ask).getByRole('link', { name: 'Quarter one', hidden: true })).toBeTruthy()
    await userEvent.click(within(ask).getByRole('button', { name: 'Cancel', hidden: true }))
    await waitFor(() => expect(screen.queryByRole('dialog', { hidden: true })).toBeNull())
    expect(await listing('/Reports')).toContain('q1.txt')

    await drag('/Reports/q1.txt', 'Notes')
    const again = await screen.findByRole('dialog', { name: 'Move q1.txt into /Notes?', hidden: true })
    await userEvent.click(within(again).getByRole('button', { name: 'Move', hidden: true }))
    await waitFor(async () => expect(await listing('/Notes')).toEqual(['q1.txt']))

    await drag('/todo.txt', 'Notes')
    await waitFor(async () => expect(await listing('/Notes')).toEqual(['q1.txt', 'todo.txt']))
    expect(screen.queryByRole('dialog', { name: 'Move todo.txt into /Notes?', hidden: true })).toBeNull()
  })

  it("an upload's Replace names the jobs that use the file it replaces, which answer from the new one; a file no job uses says nothing", async () => {
    await seed(node)
    const q1 = await namedJob(node, 'Quarter one', [], [['Reports', 'q1.txt']])
    renderWithApp(<FilesPage />, routerTransport(node.router))
    await userEvent.click(await screen.findByRole('treeitem', { name: /^Reports/ }))
    const input = document.querySelector('input[type=file]') as HTMLInputElement
    await userEvent.upload(input, [
      new File(['New q1.'], 'q1.txt', { type: 'text/plain' }),
      new File(['New q2.'], 'q2.txt', { type: 'text/plain' })
    ])
    await waitFor(() => expect(screen.getAllByTestId('upload-row').map((r) => r.dataset.state)).toEqual(['failed', 'failed']))

    await userEvent.click(screen.getByRole('button', { name: 'Replace the file named q1.txt in /Reports with this one' }))
    const dialog = await screen.findByRole('dialog', { name: 'Replace “q1.txt” in /Reports?' })
    const users = within(dialog).getByTestId('replace-users')
    await waitFor(() => expect(users.textContent).toContain('1 job uses it: from now on its answers draw on the uploaded file instead.'))
    expect(
      within(users)
        .getAllByRole('link', { hidden: true })
        .map((a) => [a.textContent, a.getAttribute('href')])
    ).toEqual([['Quarter one', `#/inboxes/${encodeURIComponent(q1)}`]])
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

    await userEvent.click(screen.getByRole('button', { name: 'Replace the file named q2.txt in /Reports with this one' }))
    const other = await screen.findByRole('dialog', { name: 'Replace “q2.txt” in /Reports?' })
    // Asked and answered: no job uses it, so nothing is said (the notice is empty, not "looking").
    await waitFor(() => expect(within(other).getByTestId('replace-users').textContent).toBe(''))
    expect(replaceUsersText({ jobs: 0, recent: [] })).toBeUndefined()
    expect(replaceUsersText({ jobs: 12_000, recent: [] })).toBe(
      '12,000 jobs use it: from now on their answers draw on the uploaded file instead.'
    )
  })
})
