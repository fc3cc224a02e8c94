// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { readFileSync } from 'node:fs'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createClient, uploadFile } from '../../src/renderer/src/api/client'
import type { Transport } from '../../src/renderer/src/api/transport'
import { FilesPage } from '../../src/renderer/src/features/files/FilesPage'
import { UploadQueue } from '../../src/renderer/src/features/files/upload-queue'
import { uploadView } from './upload-reference'
import type { FileInfo } from '../../src/shared/contract/vector-fs'
import { useTestNode, type TestNode } from '../support/node'
import { layOutLists } from './list-layout'
import { renderWithApp, routerTransport } from './render'

/*
 * A file refused because its folder has one of the same name (a folder uploaded again after its
 * files changed) can be sent again to replace that file: Replace on its row, or "Replace N files"
 * for all of them after one question. Before, each such file failed with "rename or move that one".
 */

layOutLists()

const text = (name: string, words: string) => new File([words], name, { type: 'text/plain' })
const stored = (node: TestNode, name: string) => node.ctx.vectorFs.download(['Docs', name]).then((f) => readFileSync(f.file, 'utf8'))

async function seed(node: TestNode, files: Record<string, string>) {
  expect((await node.post('/v2/create_folder', { path: '/', folder_name: 'Docs' })).status).toBe(200)
  for (const [name, words] of Object.entries(files)) {
    const res = await node.post('/v2/upload_file_to_folder', { path: '/Docs', filename: name, file_data: new TextEncoder().encode(words) })
    expect(res.status).toBe(200)
  }
}

describe('the upload queue', () => {
  const node = useTestNode()

  it('offers Replace only for a name taken; Replace sends the file asking to replace, and the node then has the new one', async () => {
    await seed(node, { 'a.txt': 'Old a.', 'b.txt': 'Old b.' })
    expect((await node.post('/v2/create_folder', { path: '/Docs', folder_name: 'c.txt' })).status).toBe(200)
    const client = createClient(routerTransport(node.router))
    const sent: string[] = []
    const q = new UploadQueue((folder, file, onProgress, signal, replace) => {
      sent.push(`${file.name}${replace ? ' (replace)' : ''}`)
      return uploadFile(client, { path: folder, filename: file.name, file_data: file, ...(replace ? { replace } : {}) }, onProgress, signal)
    })
    q.add('/Docs', [text('a.txt', 'New a.'), text('b.txt', 'New b.'), text('c.txt', 'New c.'), new File(['MZ'], 'tool.exe')])
    await q.idle()
    const rows = () => q.snapshot()
    expect(rows().map((r) => [r.name, r.state.kind, q.canReplace(r)])).toEqual([
      ['a.txt', 'failed', true],
      ['b.txt', 'failed', true],
      ['c.txt', 'failed', true], // the node's first 409 does not say whether the name is a file's or a folder's
      ['tool.exe', 'failed', false]
    ])
    expect(uploadView(rows())).toMatchObject({ failed: 4, taken: 3 })

    q.replace(rows()[0]!.id)
    await q.idle()
    expect(rows()[0]!.state.kind).toBe('done')
    expect(await stored(node, 'a.txt')).toBe('New a.')
    expect(await stored(node, 'b.txt')).toBe('Old b.')

    q.replaceAllTaken()
    await q.idle()
    expect(rows().map((r) => [r.name, r.state.kind, q.canReplace(r)])).toEqual([
      ['a.txt', 'done', false],
      ['b.txt', 'done', false],
      ['c.txt', 'failed', false], // a folder is never replaced
      ['tool.exe', 'failed', false]
    ])
    const c = rows()[2]!.state
    expect(c.kind === 'failed' && c.text).toBe(
      'c.txt was not uploaded: /Docs has a folder of that name, which a file does not replace. Rename or move that folder, then choose Retry.'
    )
    expect(await stored(node, 'b.txt')).toBe('New b.')
    expect(sent).toEqual(['a.txt', 'b.txt', 'c.txt', 'tool.exe', 'a.txt (replace)', 'b.txt (replace)', 'c.txt (replace)'])
  })
})

describe('Replace on the Files page', () => {
  const node = useTestNode()
  beforeEach(() => {
    window.location.hash = '#/files'
  })
  afterEach(cleanup)

  const rowOf = (name: string) => screen.getAllByTestId('upload-row').find((r) => r.textContent?.startsWith(`${name} `))!
  const states = () => screen.getAllByTestId('upload-row').map((r) => r.dataset.state)

  it('each refused row has Replace (keyboard too); it and "Replace N files" ask first, and Cancel replaces nothing', async () => {
    await seed(node, { 'lease.txt': 'Old lease.', 'notes.txt': 'Old notes.', 'plan.txt': 'Old plan.' })
    // Uploads take a while (a large file), reporting the bytes sent as over HTTP: a row being sent has its Cancel.
    let uploadDelayMs = 0
    const bridged = routerTransport(node.router)
    const slowUploads: Transport = {
      ...bridged,
      upload: async (req, onProgress) => {
        onProgress(0, 100)
        await new Promise((r) => setTimeout(r, uploadDelayMs))
        onProgress(100, 100)
        return bridged.request(req)
      }
    }
    renderWithApp(<FilesPage />, slowUploads)
    await userEvent.click(await screen.findByRole('treeitem', { name: /^Docs/ }))
    const input = document.querySelector('input[type=file]') as HTMLInputElement
    await userEvent.upload(input, [text('lease.txt', 'New lease.'), text('notes.txt', 'New notes.'), text('plan.txt', 'New plan.')])
    await waitFor(() => expect(states()).toEqual(['failed', 'failed', 'failed']))
    expect(rowOf('lease.txt').textContent).toContain(
      'already has a file or folder of that name. Choose Replace to put this file in its place'
    )

    // A row's Replace asks first too, naming the file and its folder (it replaced at once); Cancel keeps both files.
    const replaceLease = within(rowOf('lease.txt')).getByRole('button', { name: 'Replace the file named lease.txt in /Docs with this one' })
    replaceLease.focus()
    await userEvent.keyboard('{Enter}')
    const one = await screen.findByRole('dialog', { name: 'Replace “lease.txt” in /Docs?' })
    expect(one.textContent).toContain(
      "The library's file “lease.txt” in /Docs is deleted and the uploaded file takes its place: the old file's text is no longer found in searches or answers, and this cannot be undone."
    )
    expect(document.activeElement).toBe(within(one).getByRole('button', { name: 'Cancel' }))
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(document.activeElement).toBe(replaceLease))
    expect(states()).toEqual(['failed', 'failed', 'failed'])
    expect(await stored(node, 'lease.txt')).toBe('Old lease.')
    await userEvent.keyboard('{Enter}')
    const again1 = await screen.findByRole('dialog', { name: 'Replace “lease.txt” in /Docs?' })
    uploadDelayMs = 1000
    await userEvent.click(within(again1).getByRole('button', { name: 'Replace' }))
    await waitFor(() =>
      expect(document.activeElement).toBe(within(rowOf('lease.txt')).getByRole('button', { name: 'Cancel the upload of lease.txt' }))
    )
    await waitFor(() => expect(states()).toEqual(['done', 'failed', 'failed']), { timeout: 5000 })
    uploadDelayMs = 0
    expect(await stored(node, 'lease.txt')).toBe('New lease.')
    // Its Replace went with the question, then the Cancel of its upload once it was done: the focus goes on to
    // the next refused row's Replace (it was left on the page).
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(rowOf('notes.txt')).getByRole('button', { name: 'Replace the file named notes.txt in /Docs with this one' })
      )
    )

    await userEvent.click(screen.getByRole('button', { name: 'Replace 2 files' }))
    const ask = await screen.findByRole('dialog', { name: 'Replace 2 files in the library?' })
    // Which files go, and that it cannot be undone (it said "the library already has files with the names of 2 files uploaded").
    expect(ask.textContent).toContain(
      "2 files were not uploaded because their folders already have files of the same names. Each of those library files is deleted and the uploaded file takes its place: the old file's text is no longer found in searches or answers, and this cannot be undone."
    )
    await userEvent.click(within(ask).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(states()).toEqual(['done', 'failed', 'failed'])
    expect(await stored(node, 'notes.txt')).toBe('Old notes.')

    await userEvent.click(screen.getByRole('button', { name: 'Replace 2 files' }))
    const again = await screen.findByRole('dialog', { name: 'Replace 2 files in the library?' })
    await userEvent.click(within(again).getByRole('button', { name: 'Replace 2 files' }))
    await waitFor(() => expect(states()).toEqual(['done', 'done', 'done']))
    expect(await stored(node, 'notes.txt')).toBe('New notes.')
    expect(await stored(node, 'plan.txt')).toBe('New plan.')
    const listed = (await node.get('/v2/retrieve_path_simplified', { path: '/Docs', depth: '0' })).body as FileInfo[]
    expect(listed.map((f) => f.name)).toEqual(['lease.txt', 'notes.txt', 'plan.txt'])
    expect(screen.queryByRole('button', { name: /^Replace/ })).toBeNull()
  })

  it('"Replace N files" replaces the N it asked about, not a file refused while the question was open; the focus stays in the uploads', async () => {
    await seed(node, { 'lease.txt': 'Old lease.', 'notes.txt': 'Old notes.', 'plan.txt': 'Old plan.' })
    renderWithApp(<FilesPage />, routerTransport(node.router))
    await userEvent.click(await screen.findByRole('treeitem', { name: /^Docs/ }))
    const input = document.querySelector('input[type=file]') as HTMLInputElement
    await userEvent.upload(input, [text('lease.txt', 'New lease.'), text('notes.txt', 'New notes.')])
    await waitFor(() => expect(states()).toEqual(['failed', 'failed']))

    await userEvent.click(screen.getByRole('button', { name: 'Replace 2 files' }))
    const ask = await screen.findByRole('dialog', { name: 'Replace 2 files in the library?' })
    // While the question is open, another file of the folder is refused for its name (a drop still being sent).
    await userEvent.upload(input, [text('plan.txt', 'New plan.')])
    await waitFor(() => expect(states()).toEqual(['failed', 'failed', 'failed']))
    await userEvent.click(within(ask).getByRole('button', { name: 'Replace 2 files' }))
    await waitFor(() => expect(states()).toEqual(['done', 'done', 'failed']))
    expect(await stored(node, 'notes.txt')).toBe('New notes.')
    // Asked about two files: the third keeps its own Replace, and the library its plan.
    expect(await stored(node, 'plan.txt')).toBe('Old plan.')
    expect(within(rowOf('plan.txt')).getByRole('button', { name: /^Replace the file named plan\.txt/ })).toBeTruthy()
    // The button the question came from is gone: the focus is on Clear finished (or Upload files), not lost on the page.
    await waitFor(() => expect(document.activeElement?.textContent).toMatch(/^(Clear finished|Upload files)$/))
  })
})
