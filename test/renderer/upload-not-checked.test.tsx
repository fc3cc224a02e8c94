// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { createRef } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { UploadRows } from '../../src/renderer/src/features/files/UploadRows'
import { UploadQueue } from '../../src/renderer/src/features/files/upload-queue'
import { useUploadsUnderWay } from '../../src/renderer/src/stores/uploads'
import { renderWithApp } from './render'

afterEach(() => {
  cleanup()
  useUploadsUnderWay.setState({ waiting: 0 })
})

/*
 * A file stored while the node did not say whether it found text in it is "done — not checked for text". Among more
 * rows than the panel draws, such rows went out of sight with the other files done, and the summary did not count them,
 * while those with no text found were kept and counted: the operator could not tell which files were not checked.
 */

describe('rows not checked for text among many uploads', () => {
  it('among many files, those not checked for text stay in sight and the summary counts them', async () => {
    const unchecked = new Set(['early-1.txt', 'early-2.txt', 'early-3.txt'])
    const q = new UploadQueue((_folder, file) =>
      Promise.resolve(unchecked.has(file.name) ? { noTextLater: () => Promise.reject(new TypeError('Failed to fetch')) } : undefined)
    )
    const names = Array.from({ length: 60 }, (_, i) => `note-${i}.txt`)
    names.splice(2, 0, 'early-1.txt')
    names.splice(7, 0, 'early-2.txt', 'early-3.txt')
    renderWithApp(<UploadRows queue={q} uploadButton={createRef()} />)
    q.add(
      '/notes',
      names.map((name) => new File(['x'], name))
    )
    await q.idle()
    await waitFor(() =>
      expect(screen.getByTestId('upload-summary').textContent).toMatch(/^63 of 63 files uploaded, 3 not checked for text \(/)
    )
    const rows = screen.getAllByTestId('upload-row')
    for (const name of unchecked) {
      const row = rows.find((r) => r.textContent?.startsWith(name))
      expect(row, name).toBeDefined()
      expect(within(row!).getByText(/^done/).textContent).toBe('done — not checked for text')
    }
  })
})
