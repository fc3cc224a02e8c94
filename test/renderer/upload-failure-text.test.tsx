// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ApiFailure, createClient, uploadFile } from '../../src/renderer/src/api/client'
import { FilesPage } from '../../src/renderer/src/features/files/FilesPage'
import { uploadFailureText } from '../../src/renderer/src/features/files/upload-failure-text'
import { DISK_FULL_MESSAGE } from '../../src/shared/contract/disk-messages'
import { VFS_READABLE_EXTENSIONS } from '../../src/shared/contract/vector-fs'
import { pdfOf } from '../support/documents'
import { useTestNode } from '../support/node'
import { layOutLists } from './list-layout'
import { renderWithApp, routerTransport } from './render'

layOutLists()

/*
 * An upload row said "failed: file_data: report.pdf could not be read: it is not a valid PDF file (it
 * may be damaged or encrypted)": the node's field path and a cause, and nothing on what to do. Each
 * failure now reads as sentences naming the file, what went wrong in the operator's terms and what to
 * do; the node's own message is kept for the tooltip. The failures are the real node's answers.
 */

/** A one-page PDF locked with a user password. */
const lockedPdf = () => pdfOf(['Salaries 2026'], { locked: true })

describe('what an upload row says when the node refuses a file', () => {
  const node = useTestNode({ vectorFs: { maxUploadBytes: 1024 * 1024 } })

  /** The node's answer to uploading `bytes` as `name` into `folder`, as the window gets it. */
  async function failureOf(name: string, bytes: Uint8Array, folder = '/'): Promise<unknown> {
    const client = createClient(routerTransport(node.router))
    try {
      await uploadFile(client, { path: folder, filename: name, file_data: bytes }, () => {})
    } catch (err) {
      return err
    }
    throw new Error(`${name} was stored`)
  }

  it('a kind of file it does not read: names every kind it reads', async () => {
    const err = await failureOf('holiday.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47]))
    const { text, detail } = uploadFailureText(err, 'holiday.png', '/')
    expect(text).toMatch(/^holiday\.png is not a kind of file the library reads\. It reads .* Save it as one of these, and upload that\.$/)
    for (const ext of VFS_READABLE_EXTENSIONS) expect(text).toContain(`${ext}`)
    expect(detail).toBe((err as ApiFailure).message)
    expect((err as ApiFailure).status).toBe(415)
  })

  it('too large: gives the limit the node has', async () => {
    const err = await failureOf('big.txt', new Uint8Array(1024 * 1024 + 1).fill(65))
    expect(uploadFailureText(err, 'big.txt', '/').text).toBe(
      'big.txt is too large: the library takes files of up to 1 MiB. Split it into smaller files, or save a smaller copy, and upload that.'
    )
  })

  it('damaged, or locked with a password: says which, and what to do', async () => {
    const damaged = await failureOf('scan.pdf', new TextEncoder().encode('%PDF-1.7\nnot really a PDF'))
    expect(uploadFailureText(damaged, 'scan.pdf', '/').text).toMatch(
      /^scan\.pdf could not be read: it seems damaged, protected by a password, or not really the kind of file its name says\. .*save a fresh copy/
    )
    const notWord = await failureOf('letter.docx', new TextEncoder().encode('Dear tenant'))
    expect(uploadFailureText(notWord, 'letter.docx', '/').text).toMatch(/^letter\.docx could not be read: it seems damaged/)
    const locked = await failureOf('salaries.pdf', await lockedPdf())
    expect(uploadFailureText(locked, 'salaries.pdf', '/').text).toBe(
      'salaries.pdf is protected by a password, so the node cannot read it. Save a copy without the password and upload that.'
    )
  })

  it('the folder gone, the name taken, the disk full, the node unreachable: what happened and Retry', async () => {
    const gone = await failureOf('a.txt', new TextEncoder().encode('A.'), '/Leases')
    expect(uploadFailureText(gone, 'a.txt', '/Leases').text).toMatch(
      /^a\.txt was not uploaded: the folder \/Leases is no longer in the library \(deleted or renamed\)\. Make the folder again, then choose Retry/
    )
    expect((await node.post('/v2/upload_file_to_folder', { path: '/', filename: 'a.txt', file_data: new Uint8Array([65]) })).status).toBe(
      200
    )
    // Deleted while the file was on its way (a folder renamed meanwhile gets the file): said so.
    node.ctx.vectorFs.createFolder([], 'Drafts')
    const cut = node.ctx.vectorFs.upload({ folder: ['Drafts'], filename: 'b.txt', source: { bytes: new TextEncoder().encode('B.') } })
    await node.ctx.vectorFs.remove('folder', ['Drafts'])
    const removed = await cut.then(
      () => undefined,
      (e: unknown) => e as Error
    )
    expect(uploadFailureText(new ApiFailure(404, 'Not Found', removed!.message, []), 'b.txt', '/Drafts').text).toBe(
      'b.txt was not uploaded: the folder /Drafts was deleted while the file was uploading. Make the folder again, then choose Retry, or upload the file into another folder.'
    )
    const taken = await failureOf('a.txt', new TextEncoder().encode('A.'))
    expect(uploadFailureText(taken, 'a.txt', '/').text).toBe(
      'a.txt was not uploaded: the top folder already has a file or folder of that name. Choose Replace to put this file in its place, or rename or move that one, then choose Retry.'
    )
    // The node's own message for a full disk (its router answers it for SQLITE_FULL, ENOSPC and EDQUOT).
    expect(uploadFailureText(new ApiFailure(500, 'Internal Server Error', DISK_FULL_MESSAGE, []), 'a.txt', '/').text).toBe(
      "a.txt was not uploaded: the disk holding the node's data is full. Free some space on it, then choose Retry."
    )
    const down = createClient({ kind: 'ipc', request: () => Promise.reject(new Error('closed')), onEvent: () => () => {} })
    const unreachable = await uploadFile(down, { path: '/', filename: 'b.txt', file_data: new Uint8Array([66]) }, () => {}).catch(
      (e: unknown) => e
    )
    expect(unreachable).toBeInstanceOf(ApiFailure)
    expect(uploadFailureText(unreachable, 'b.txt', '/').text).toMatch(
      /^b\.txt was not uploaded: the node did not answer\. Check that Nodedesk is still running, then choose Retry\.$/
    )
  })
})

describe('the upload row on the Files page', () => {
  const node = useTestNode()
  beforeEach(() => {
    window.location.hash = '#/files'
  })
  afterEach(cleanup)

  it('shows the sentences, not the node message; the message is in the tooltip', async () => {
    renderWithApp(<FilesPage />, routerTransport(node.router))
    await screen.findByTestId('files-empty')
    const input = document.querySelector('input[type=file]') as HTMLInputElement
    await userEvent.upload(input, [new File([new TextEncoder().encode('%PDF-1.7\njunk')], 'report.pdf', { type: 'application/pdf' })])
    const why = await screen.findByTestId('upload-failure')
    await waitFor(() => expect(why.textContent).toMatch(/^report\.pdf could not be read: it seems damaged/))
    expect(why.textContent).not.toMatch(/file_data|failed:/)
    expect(why.title).toMatch(/^The node answered: file_data: report\.pdf could not be read: /)
  })

  it("reaches the node's message from the keyboard: a Details button shows it below the row", async () => {
    const user = userEvent.setup()
    renderWithApp(<FilesPage />, routerTransport(node.router))
    await screen.findByTestId('files-empty')
    const input = document.querySelector('input[type=file]') as HTMLInputElement
    await user.upload(input, [new File([new TextEncoder().encode('%PDF-1.7\njunk')], 'report.pdf', { type: 'application/pdf' })])
    const details = await screen.findByRole('button', { name: 'Details of the failed upload of report.pdf' })
    expect(details.getAttribute('aria-expanded')).toBe('false')
    expect(screen.queryByTestId('upload-failure-detail')).toBeNull()
    details.focus()
    await user.keyboard('{Enter}')
    expect(details.getAttribute('aria-expanded')).toBe('true')
    const shown = screen.getByTestId('upload-failure-detail')
    expect(shown.textContent).toMatch(/^The node answered: file_data: report\.pdf could not be read: /)
    expect(details.getAttribute('aria-controls')).toBe(shown.id)
    await user.keyboard(' ')
    expect(details.getAttribute('aria-expanded')).toBe('false')
    expect(screen.queryByTestId('upload-failure-detail')).toBeNull()
  })
})
