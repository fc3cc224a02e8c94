import { expect, it } from 'vitest'
import { processReader, sourceExtractWorker } from '../../src/main/vector-fs/document-reader'
import { inflationBombPdf } from '../support/pdf-bomb'

/*
 * V8's heap limit does not bound the memory PDF.js inflates streams into (typed arrays live outside the
 * heap): a 2.6 MB PDF took the reading process to 5.7 GB under its 3 GB heap limit. The process now stops
 * itself past its heap's limit and an allowance beside it, and the document is refused as too large to read.
 */
it('a PDF whose stream inflates far past the reading process’s memory is refused as needing too much memory, and the next document is read', async () => {
  const errors: string[] = []
  const reader = processReader(sourceExtractWorker(), { log: { info: () => {}, error: (m) => errors.push(m) }, heapMb: 64 })
  try {
    // 64 MB of heap: the process may hold about 350 MB in all; the stream inflates to 1 GB.
    const bomb = await inflationBombPdf(1024 * 1024 * 1024)
    expect(bomb.length).toBeLessThan(3 * 1024 * 1024)
    const started = Date.now()
    const outcome = await reader.read('pdf', new Uint8Array(bomb)).then(
      (text) => `read ${text.length} characters`,
      (err: Error) => err.message
    )
    expect(outcome).toBe('reading it needed more memory than the node gives one document, so it was stopped')
    expect(Date.now() - started).toBeLessThan(20_000)
    // Not logged as the reader failing: it is the document's size.
    expect(errors).toEqual([])
    // A fresh process reads the next document (of white space alone: no text).
    expect(await reader.read('pdf', new Uint8Array(await inflationBombPdf(1024)))).toBe('')
  } finally {
    await reader.close()
  }
}, 60_000)
