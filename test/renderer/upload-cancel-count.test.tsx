// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createRef } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { UploadRows } from '../../src/renderer/src/features/files/UploadRows'
import { UploadQueue } from '../../src/renderer/src/features/files/upload-queue'
import { renderWithApp } from './render'

afterEach(cleanup)

/*
 * A tester saw "4838 of 5001 files done" and 163 beside Files, but "Cancel 162 uploads": the file sent whole
 * (the node storing it) cannot be cancelled, and nothing said so. The button now says which ones it stops,
 * and a line says why the others are left.
 */
describe('Cancel for every upload says how many it stops, and why the rest are left', () => {
  it('one file sent whole among four left: "Cancel 3 waiting uploads" and a line for the one being stored', async () => {
    const finish: (() => void)[] = []
    const q = new UploadQueue(
      (_folder, file, onProgress, signal) =>
        new Promise((resolve, reject) => {
          // a.txt is sent whole (the node is storing it); b.txt has sent one byte.
          onProgress(file.name === 'a.txt' ? file.size : 1, file.size)
          finish.push(() => resolve(undefined))
          signal.addEventListener('abort', () => reject(new DOMException('The upload was cancelled', 'AbortError')))
        }),
      2
    )
    renderWithApp(<UploadRows queue={q} uploadButton={createRef()} />)
    q.add(
      '/docs',
      ['a.txt', 'b.txt', 'c.txt', 'd.txt'].map((n) => new File([n], n))
    )
    const cancelAll = await screen.findByRole('button', { name: 'Cancel 3 waiting uploads' })
    expect(screen.getByTestId('uploads-sent-whole').textContent).toBe(
      '1 more file is sent whole and being stored by the node: it can no longer be cancelled.'
    )
    await userEvent.click(cancelAll)
    await waitFor(() => expect(q.snapshot().map((r) => r.state.kind)).toEqual(['uploading', 'cancelled', 'cancelled', 'cancelled']))
    expect(screen.queryByTestId('uploads-sent-whole')).toBeNull()
    finish[0]!()
    await q.idle()
    expect(q.snapshot().map((r) => r.state.kind)).toEqual(['done', 'cancelled', 'cancelled', 'cancelled'])
  })

  it('none sent whole: "Cancel N uploads", with no such line', async () => {
    const q = new UploadQueue((_f, file, onProgress, signal) => {
      onProgress(1, file.size)
      return new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new DOMException('cancelled', 'AbortError'))))
    }, 2)
    renderWithApp(<UploadRows queue={q} uploadButton={createRef()} />)
    q.add(
      '/docs',
      ['a.txt', 'b.txt', 'c.txt'].map((n) => new File([n], n))
    )
    await screen.findByRole('button', { name: 'Cancel 3 uploads' })
    expect(screen.queryByTestId('uploads-sent-whole')).toBeNull()
  })
})

/* The summary read "4838 of 5001 files done" where the rest of the window writes "4,838 of 5,001". */
describe('the uploads summary groups thousands as the rest of the window does', () => {
  it('1,203 files, two refused and one cancelled: "1,200 of 1,203 files uploaded, 2 failed, 1 cancelled" with thousands grouped', async () => {
    let sent = 0
    const q = new UploadQueue((_f, file) => {
      sent++
      if (file.name.startsWith('bad')) return Promise.reject(new Error('The node refused it'))
      return Promise.resolve(undefined)
    }, 4)
    q.add(
      '/docs',
      Array.from({ length: 1202 }, (_, i) => new File(['x'], i < 2 ? `bad-${i}.txt` : `note-${i}.txt`))
    )
    q.add('/docs', [new File(['x'], 'last.txt')])
    q.cancel(q.snapshot().at(-1)!.id)
    await q.idle()
    expect(sent).toBe(1202)
    renderWithApp(<UploadRows queue={q} uploadButton={createRef()} />)
    const summary = await screen.findByTestId('upload-summary')
    expect(summary.textContent).toMatch(/^1,200 of 1,203 files uploaded, 2 failed, 1 cancelled \(1,1\d\d not listed\)$/)
    expect(screen.getByRole('progressbar', { name: 'Uploads: 1,203 of 1,203 finished' })).toBeTruthy()
  })
})
