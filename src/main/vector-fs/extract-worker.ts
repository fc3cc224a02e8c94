import { parentPort } from 'node:worker_threads'
import { loadDocumentParsers, readDocumentText, UnreadableContent } from './document-text'
import type { FromExtractWorker, ToExtractWorker } from './extract-worker-protocol'

/**
 * The extraction worker: PDF.js and mammoth parse documents here, off the thread that serves the
 * API (and, in the app, the window's IPC), which a large or hostile document would otherwise stall.
 */
const port = parentPort
if (!port) throw new Error('extract-worker runs as a worker thread')
const send = (m: FromExtractWorker) => port.postMessage(m)
port.on('message', (m: ToExtractWorker) => {
  readDocumentText(m.fileType, m.bytes, true).then(
    (text) => send({ type: 'text', id: m.id, text }),
    (err: unknown) =>
      send(
        err instanceof UnreadableContent
          ? { type: 'unreadable', id: m.id, message: err.message }
          : { type: 'failed', id: m.id, message: err instanceof Error ? err.message : String(err) }
      )
  )
})
void loadDocumentParsers().then(() => send({ type: 'ready' }))
