// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { FilesPage } from '../../src/renderer/src/features/files/FilesPage'
import { countFolder, folderCountText } from '../../src/renderer/src/features/files/folder-count'
import type { FileInfo } from '../../src/shared/contract/vector-fs'
import { useTestNode, type TestNode } from '../support/node'
import { layOutLists } from './list-layout'
import { renderWithApp, routerTransport } from './render'

layOutLists()

const folder = async (node: TestNode, path: string, name: string) =>
  expect((await node.post('/v2/create_folder', { path, folder_name: name })).status).toBe(200)
const file = async (node: TestNode, path: string, name: string) =>
  expect(
    (await node.post('/v2/upload_file_to_folder', { path, filename: name, file_data: new TextEncoder().encode(`Text of ${name}.`) })).status
  ).toBe(200)

/** /Reports: 2 files; /Reports/2025: 1 file and /Reports/2025/Q1 with 2 files; /Reports/Old empty. */
async function seedReports(node: TestNode) {
  await folder(node, '/', 'Reports')
  await folder(node, '/Reports', '2025')
  await folder(node, '/Reports/2025', 'Q1')
  await folder(node, '/Reports', 'Old')
  for (const [path, name] of [
    ['/Reports', 'a.txt'],
    ['/Reports', 'b.txt'],
    ['/Reports/2025', 'c.txt'],
    ['/Reports/2025/Q1', 'd.txt'],
    ['/Reports/2025/Q1', 'e.txt']
  ] as const)
    await file(node, path, name)
}

describe('counting what a folder to delete holds', () => {
  const node = useTestNode()
  const reads: string[] = []
  const read = async (path: string) => {
    reads.push(path)
    return (await node.get('/v2/retrieve_path_simplified', { path, depth: '0' })).body as FileInfo[]
  }
  beforeEach(() => void reads.splice(0))

  it('counts every file and folder inside, reading one folder at a time, and says it in a sentence', async () => {
    await seedReports(node)
    const c = await countFolder(read, '/Reports', new AbortController().signal)
    expect(c).toEqual({ files: 5, folders: 3, complete: true })
    expect(reads).toEqual(['/Reports', '/Reports/2025', '/Reports/Old', '/Reports/2025/Q1'])
    expect(folderCountText(c)).toBe('It holds 5 files and 3 folders.')
    expect(folderCountText(await countFolder(read, '/Reports/2025/Q1', new AbortController().signal))).toBe('It holds 2 files.')
    expect(folderCountText(await countFolder(read, '/Reports/Old', new AbortController().signal))).toBe('It is empty.')
    expect(folderCountText({ files: 1, folders: 1, complete: true })).toBe('It holds 1 file and 1 folder.')
  })

  it('reads a bounded number of folders, and then says "at least"', async () => {
    await seedReports(node)
    const c = await countFolder(read, '/Reports', new AbortController().signal, 2)
    expect(reads).toHaveLength(2)
    expect(c).toEqual({ files: 3, folders: 3, complete: false })
    expect(folderCountText(c)).toBe('It holds at least 3 files and 3 folders (its deeper folders were not counted).')
    expect(folderCountText({ files: 12_000, folders: 0, complete: false })).toBe(
      'It holds at least 12,000 files and 0 folders (its deeper folders were not counted).'
    )
  })

  it('stops reading once the dialog is closed', async () => {
    await seedReports(node)
    const stop = new AbortController()
    const counting = countFolder(
      async (p) => {
        const listing = await read(p)
        stop.abort()
        return listing
      },
      '/Reports',
      stop.signal
    )
    expect((await counting).complete).toBe(false)
    expect(reads).toEqual(['/Reports'])
  })
})

describe('the delete confirmation of a folder', () => {
  const node = useTestNode()
  beforeEach(() => {
    window.location.hash = '#/files'
  })
  afterEach(cleanup)

  it('names how many files and folders go with it, before Delete is pressed', async () => {
    await seedReports(node)
    renderWithApp(<FilesPage />, routerTransport(node.router))
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Reports' }))
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete…', hidden: true }))
    await waitFor(() => expect(screen.getByTestId('folder-contents').textContent).toBe('It holds 5 files and 3 folders.'))
    // Asking changed nothing; Cancel keeps it all.
    await userEvent.click(screen.getByRole('button', { name: 'Cancel', hidden: true }))
    expect(((await node.get('/v2/retrieve_path_simplified', { path: '/Reports', depth: '0' })).body as FileInfo[]).length).toBe(4)
  })
})
