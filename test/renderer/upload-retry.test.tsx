// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createClient, uploadFile } from '../../src/renderer/src/api/client'
import { FilesPage } from '../../src/renderer/src/features/files/FilesPage'
import { UploadQueue } from '../../src/renderer/src/features/files/upload-queue'
import { uploadView } from './upload-reference'
import type { FileInfo } from '../../src/shared/contract/vector-fs'
import { useTestNode } from '../support/node'
import { layOutLists } from './list-layout'
import { renderWithApp, routerTransport } from './render'

layOutLists()

const text = (name: string) => new File([`Text of ${name}.`], name, { type: 'text/plain' })

/** While set, the node's uploads answer 503 (busy), as a node stopping or overloaded does; else they reach it. */
let busy = false
beforeEach(() => {
  busy = false
})

/** The node's transport, with its uploads refused while `busy`; `uploads`: the names of the files sent through it. */
function busyAtWill(node: ReturnType<typeof useTestNode>) {
  const real = routerTransport(node.router)
  const uploads: string[] = []
  const transport = {
    ...real,
    uploads,
    upload: (req: Parameters<NonNullable<typeof real.upload>>[0], onProgress: (l: number, t: number) => void, signal?: AbortSignal) => {
      const file = (req.body as { file_data?: File }).file_data
      uploads.push(file?.name ?? '')
      if (busy)
        return Promise.resolve({ status: 503, body: { code: 503, error: 'Unavailable', message: 'The node cannot store files now.' } })
      return real.upload ? real.upload(req, onProgress, signal) : real.request(req)
    }
  }
  return transport
}

describe('a failed upload is tried again from the file kept, while its row is there', () => {
  const node = useTestNode()

  it('Retry sends the same file again in its place; Dismiss and Clear finished let the file go', async () => {
    const client = createClient(routerTransport(node.router))
    const sent: string[] = []
    const q = new UploadQueue((folder, file, onProgress, signal) => {
      sent.push(file.name)
      return uploadFile(client, { path: folder, filename: file.name, file_data: file }, onProgress, signal)
    })
    // The folder does not exist yet: every upload fails with the node's sentence.
    q.add('/Leases', [text('a.txt'), text('b.txt'), text('c.txt'), text('d.txt')])
    await q.idle()
    const kinds = () => q.snapshot().map((r) => r.state.kind)
    expect(kinds()).toEqual(['failed', 'failed', 'failed', 'failed'])
    const [a, b, , d] = q.snapshot()
    expect(q.canRetry(a!)).toBe(true)

    expect((await node.post('/v2/create_folder', { path: '/', folder_name: 'Leases' })).status).toBe(200)
    q.retry(b!.id)
    expect(q.waitingCount()).toBe(1)
    await q.idle()
    expect(kinds()).toEqual(['failed', 'done', 'failed', 'failed'])
    expect(q.canRetry(q.snapshot()[1]!)).toBe(false) // sent: its file is let go

    q.dismiss(d!.id)
    expect(q.snapshot().map((r) => r.name)).toEqual(['a.txt', 'b.txt', 'c.txt'])
    q.retry(d!.id) // gone with its row: nothing to send
    expect(q.waitingCount()).toBe(0)

    q.retryFailed()
    expect(uploadView(q.snapshot())).toMatchObject({ failed: 0, waiting: 2 })
    await q.idle()
    expect(kinds()).toEqual(['done', 'done', 'done'])
    // c and d were not sent at first: the node had said the folder is missing (upload-folder-missing.test.ts).
    expect(sent).toEqual(['a.txt', 'b.txt', 'b.txt', 'a.txt', 'c.txt'])
    const stored = (await node.get('/v2/retrieve_path_simplified', { path: '/Leases', depth: '0' })).body as FileInfo[]
    expect(stored.map((f) => f.name)).toEqual(['a.txt', 'b.txt', 'c.txt'])

    // Clear finished lets the done rows go and keeps the failed one, still with its file for a retry;
    // "Dismiss failed" lets it go with its file.
    q.add('/Gone', [text('e.txt')])
    await q.idle()
    const e = q.snapshot().at(-1)!
    expect(q.canRetry(e)).toBe(true)
    q.clearFinished()
    expect(q.snapshot().map((r) => [r.name, r.state.kind])).toEqual([['e.txt', 'failed']])
    expect(q.canRetry(e)).toBe(true)
    q.dismissFailed()
    expect(q.snapshot()).toEqual([])
    expect(q.canRetry(e)).toBe(false)
  })
})

describe('Retry and Dismiss on the Files page', () => {
  const node = useTestNode()
  beforeEach(() => {
    window.location.hash = '#/files'
  })
  afterEach(cleanup)

  it('a failed upload has Retry and Dismiss, both reached from the keyboard; Retry needs no new pick', async () => {
    expect(
      (await node.post('/v2/upload_file_to_folder', { path: '/', filename: 'lease.txt', file_data: new TextEncoder().encode('Old.') }))
        .status
    ).toBe(200)
    renderWithApp(<FilesPage />, busyAtWill(node))
    await screen.findByRole('treeitem', { name: /^lease\.txt/ })
    const input = document.querySelector('input[type=file]') as HTMLInputElement
    await userEvent.upload(input, [text('lease.txt'), text('notes.txt')])
    await waitFor(() => expect(screen.getAllByTestId('upload-row').map((r) => r.dataset.state)).toEqual(['failed', 'done']))
    const failed = screen.getAllByTestId('upload-row')[0]!
    expect(failed.textContent).toMatch(/lease\.txt was not uploaded: the top folder already has a file or folder of that name/)
    expect(within(failed).queryByRole('button', { name: 'Cancel the upload of lease.txt' })).toBeNull()

    // The old copy removed, Retry (Enter on it) stores the file picked before.
    expect((await node.post('/v2/delete_item', { path: '/lease.txt' })).status).toBe(200)
    within(failed).getByRole('button', { name: 'Retry the upload of lease.txt' }).focus()
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(screen.getAllByTestId('upload-row').map((r) => r.dataset.state)).toEqual(['done', 'done']))
    const listed = (await node.get('/v2/retrieve_path_simplified', { path: '/', depth: '0' })).body as FileInfo[]
    expect(listed.find((f) => f.name === 'lease.txt')!.size).toBe(new Blob(['Text of lease.txt.']).size)
    await waitFor(() => expect(document.activeElement).not.toBe(document.body))

    // Dismiss: the row goes, the focus goes to a control still there.
    await userEvent.upload(input, [text('notes.txt')])
    await waitFor(() => expect(screen.getAllByTestId('upload-row').map((r) => r.dataset.state)).toEqual(['done', 'done', 'failed']))
    screen.getByRole('button', { name: 'Dismiss the failed upload of notes.txt' }).focus()
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(screen.getAllByTestId('upload-row').map((r) => r.dataset.state)).toEqual(['done', 'done']))
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Upload files'))

    // Several failed (the node busy): one button tries them all again.
    const inTop = async () => (await node.get('/v2/retrieve_path_simplified', { path: '/', depth: '0' })).body as FileInfo[]
    busy = true
    await userEvent.upload(input, [text('memo.txt'), text('plan.txt')])
    await waitFor(() =>
      expect(screen.getAllByTestId('upload-row').map((r) => r.dataset.state)).toEqual(['done', 'done', 'failed', 'failed'])
    )
    busy = false
    screen.getByRole('button', { name: 'Retry 2 failed' }).focus()
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(screen.getAllByTestId('upload-row').map((r) => r.dataset.state)).toEqual(['done', 'done', 'done', 'done']))
    expect((await inTop()).map((f) => f.name).sort()).toEqual(['lease.txt', 'memo.txt', 'notes.txt', 'plan.txt'])
    expect(screen.queryByRole('button', { name: /^Retry/ })).toBeNull()
    // The button is gone with its work: the focus is on Clear finished, not lost on the page.
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Clear finished'))
  })
})

describe('Clear finished keeps the failures; Dismiss N failed lets them go', () => {
  const node = useTestNode()
  beforeEach(() => {
    window.location.hash = '#/files'
  })
  afterEach(cleanup)

  it('the failed rows outlive Clear finished with their Retry, then go with one button; the focus follows from the keyboard', async () => {
    renderWithApp(<FilesPage />, busyAtWill(node))
    const input = document.querySelector('input[type=file]') as HTMLInputElement
    const states = () => screen.getAllByTestId('upload-row').map((r) => `${r.dataset.state}`)
    await userEvent.upload(input, [text('lease.txt')])
    await waitFor(() => expect(states()).toEqual(['done']))
    busy = true
    await userEvent.upload(input, [text('memo.txt'), text('plan.txt')])
    await waitFor(() => expect(states()).toEqual(['done', 'failed', 'failed']))

    screen.getByRole('button', { name: 'Clear finished' }).focus()
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(states()).toEqual(['failed', 'failed']))
    expect(screen.queryByRole('button', { name: 'Clear finished' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Retry the upload of memo.txt' })).toBeTruthy()
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Dismiss 2 failed'))

    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(screen.queryAllByTestId('upload-row')).toHaveLength(0))
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Upload files'))
    const listed = (await node.get('/v2/retrieve_path_simplified', { path: '/', depth: '0' })).body as FileInfo[]
    expect(listed.map((f) => f.name)).toEqual(['lease.txt'])
  })
})

describe('Retry only where sending the same file again can succeed', () => {
  const node = useTestNode({ vectorFs: { maxUploadBytes: 1024 } })
  beforeEach(() => {
    window.location.hash = '#/files'
  })
  afterEach(cleanup)

  const rowOf = (name: string) => screen.getAllByTestId('upload-row').find((r) => r.textContent?.startsWith(`${name} `))!

  it('a file the node refused for what it is (type, size, unreadable) has Dismiss only; a taken name keeps its own Retry', async () => {
    for (const name of ['lease.txt', 'notes.txt']) {
      const res = await node.post('/v2/upload_file_to_folder', { path: '/', filename: name, file_data: new TextEncoder().encode('Old.') })
      expect(res.status).toBe(200)
    }
    renderWithApp(<FilesPage />, routerTransport(node.router))
    await screen.findByRole('treeitem', { name: /^lease\.txt/ })
    const input = document.querySelector('input[type=file]') as HTMLInputElement
    await userEvent.upload(input, [
      text('lease.txt'), // 409: the name is taken
      text('notes.txt'), // 409
      new File(['MZ'], 'tool.exe'), // 415: a type the node cannot read
      new File(['x'.repeat(2048)], 'big.txt', { type: 'text/plain' }), // 413: over the limit
      new File(['not a PDF at all'], 'scan.pdf', { type: 'application/pdf' }) // 400: could not be read
    ])
    await waitFor(() => expect(screen.getAllByTestId('upload-row').map((r) => r.dataset.state)).toEqual(Array(5).fill('failed')))
    for (const name of ['tool.exe', 'big.txt', 'scan.pdf']) {
      expect(within(rowOf(name)).queryByRole('button', { name: `Retry the upload of ${name}` })).toBeNull()
      expect(within(rowOf(name)).getByRole('button', { name: `Dismiss the failed upload of ${name}` })).toBeTruthy()
    }
    expect(rowOf('scan.pdf').textContent).toContain('could not be read')
    for (const name of ['lease.txt', 'notes.txt']) {
      expect(within(rowOf(name)).getByRole('button', { name: `Retry the upload of ${name}` })).toBeTruthy()
      expect(within(rowOf(name)).getByRole('button', { name: `Dismiss the failed upload of ${name}` })).toBeTruthy()
    }
    // Refused for their names, they are not among what "Retry N failed" sends (they would be refused the same
    // way): they keep Replace. The old copies moved away, each row's own Retry sends it; the others stay failed.
    expect(screen.queryByRole('button', { name: /^Retry \d|^Retry the \d/ })).toBeNull()
    for (const name of ['lease.txt', 'notes.txt']) {
      const res = await node.post('/v2/move_item', { origin_path: `/${name}`, destination_path: `/old-${name}` })
      expect(res.status).toBe(200)
    }
    for (const name of ['lease.txt', 'notes.txt'])
      await userEvent.click(within(rowOf(name)).getByRole('button', { name: `Retry the upload of ${name}` }))
    await waitFor(() =>
      expect(screen.getAllByTestId('upload-row').map((r) => r.dataset.state)).toEqual(['done', 'done', 'failed', 'failed', 'failed'])
    )
    // Nothing left worth trying again: no Retry at all, Dismiss on each failure.
    expect(screen.queryByRole('button', { name: /^Retry/ })).toBeNull()
    expect(screen.getAllByRole('button', { name: /^Dismiss the failed upload/ })).toHaveLength(3)
  })

  it('"Retry N failed" beside names taken retries only the others, and says so; the names taken keep Replace and stay as they are', async () => {
    for (const name of ['lease.txt', 'notes.txt']) {
      const res = await node.post('/v2/upload_file_to_folder', { path: '/', filename: name, file_data: new TextEncoder().encode('Old.') })
      expect(res.status).toBe(200)
    }
    const transport = busyAtWill(node)
    renderWithApp(<FilesPage />, transport)
    await screen.findByRole('treeitem', { name: /^lease\.txt/ })
    const input = document.querySelector('input[type=file]') as HTMLInputElement
    await userEvent.upload(input, [text('lease.txt'), text('notes.txt')]) // 409: the names are taken
    await waitFor(() => expect(screen.getAllByTestId('upload-row').map((r) => r.dataset.state)).toEqual(['failed', 'failed']))
    busy = true
    await userEvent.upload(input, [text('memo.txt'), text('plan.txt'), text('list.txt')]) // 503: the node busy
    await waitFor(() => expect(screen.getAllByTestId('upload-row').map((r) => r.dataset.state)).toEqual(Array(5).fill('failed')))
    busy = false
    const sentBefore = transport.uploads.length
    const retryOthers = screen.getByRole('button', { name: 'Retry the 3 other failed uploads (not the 2 whose names are taken)' })
    expect(retryOthers.textContent).toBe('Retry the 3 other failed')
    await userEvent.click(retryOthers)
    await waitFor(() =>
      expect(screen.getAllByTestId('upload-row').map((r) => r.dataset.state)).toEqual(['failed', 'failed', 'done', 'done', 'done'])
    )
    // Only those three were sent again; the names taken were not, and keep their Replace.
    expect(transport.uploads.slice(sentBefore).sort()).toEqual(['list.txt', 'memo.txt', 'plan.txt'])
    for (const name of ['lease.txt', 'notes.txt'])
      expect(
        within(rowOf(name)).getByRole('button', { name: new RegExp(`^Replace the file named ${name.replace('.', '\\.')}`) })
      ).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Replace 2 files' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: /^Retry \d|^Retry the \d/ })).toBeNull()
  })

  it('a node that did not answer, or answered 503 or 507 (a full disk), leaves Retry', async () => {
    let answer: 'none' | 503 | 507 | 'real' = 'none'
    const real = routerTransport(node.router)
    const client = createClient({
      ...real,
      upload: (req, onProgress, signal) => {
        if (answer === 'none') return Promise.reject(new Error('connection refused'))
        if (answer !== 'real') {
          const status = answer
          return Promise.resolve({ status, body: { code: status, error: 'Unavailable', message: 'The node cannot store files now.' } })
        }
        return real.upload ? real.upload(req, onProgress, signal) : real.request(req)
      }
    })
    const q = new UploadQueue((folder, file, onProgress, signal) =>
      uploadFile(client, { path: folder, filename: file.name, file_data: file }, onProgress, signal)
    )
    q.add('/', [text('a.txt')])
    answer = 'none'
    await q.idle()
    answer = 503
    q.add('/', [text('b.txt')])
    await q.idle()
    answer = 507
    q.add('/', [text('c.txt')])
    await q.idle()
    expect(q.snapshot().map((r) => [r.state.kind, q.canRetry(r)])).toEqual([
      ['failed', true],
      ['failed', true],
      ['failed', true]
    ])
    expect(uploadView(q.snapshot())).toMatchObject({ failed: 3, retryable: 3 })
    answer = 'real'
    q.retryFailed()
    await q.idle()
    expect(q.snapshot().map((r) => r.state.kind)).toEqual(['done', 'done', 'done'])
  })
})
