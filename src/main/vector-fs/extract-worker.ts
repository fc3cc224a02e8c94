import { causeText } from '../platform/debug-log'
import { loadDocumentParsers, readDocumentText, UnreadableContent } from './document-text'
import type { FromExtractWorker, ToExtractWorker } from './extract-worker-protocol'
import { stopPastMemory } from './memory-watch'
import { exitWithParent } from './parent-watch'

/**
 * The extraction process: PDF.js and mammoth parse documents here, off the process that serves
 * the API (and, in the app, the window's IPC). A document that exhausts this process's heap ends
 * this process alone. Started by the node either as a Node child (IPC through process.send) or
 * as an Electron utility process (process.parentPort).
 */
interface ElectronParentPort {
  on(event: 'message', listener: (e: { data: ToExtractWorker }) => void): void
  postMessage(message: FromExtractWorker): void
}
const parentPort = (process as { parentPort?: ElectronParentPort | null }).parentPort

let send: (m: FromExtractWorker) => void
let onRead: (listener: (m: ToExtractWorker) => void) => void
if (parentPort) {
  send = (m) => parentPort.postMessage(m)
  onRead = (listener) => parentPort.on('message', (e) => listener(e.data))
} else if (process.send) {
  send = (m) => void process.send?.(m)
  onRead = (listener) => process.on('message', (m) => listener(m as ToExtractWorker))
  // The node is gone (stopped, or killed without a chance to end this process): nobody is left to read for.
  process.on('disconnect', () => process.exit(0))
  exitWithParent()
  // Ctrl+C in a terminal signals the node's whole process group, this process too. The node then
  // finishes its in-flight uploads, the one read here among them, and ends this process itself.
  process.on('SIGINT', () => {})
} else {
  throw new Error('extract-worker runs as a process started by the node, with a channel to it')
}

// Memory outside the heap has no limit of V8's: a stream inflating to gigabytes is stopped here.
stopPastMemory()

onRead((m) => {
  // A Buffer sent by the node arrives as a Buffer, which PDF.js refuses: a plain view of the same bytes.
  const bytes = new Uint8Array(m.bytes.buffer, m.bytes.byteOffset, m.bytes.byteLength)
  readDocumentText(m.fileType, bytes, true).then(
    (text) => send({ type: 'text', id: m.id, text }),
    (err: unknown) =>
      send(
        err instanceof UnreadableContent
          ? { type: 'unreadable', id: m.id, message: err.message, cause: causeText(err.cause) }
          : { type: 'failed', id: m.id, message: err instanceof Error ? err.message : String(err) }
      )
  )
})
// An Electron utility process only warns of an unhandled rejection: one that cannot load its parsers
// would stay, never ready, until the node's start limit. It ends now, saying why on stderr (the node logs it).
loadDocumentParsers().then(
  () => send({ type: 'ready' }),
  (err: unknown) => {
    console.error('the document parsers could not be loaded:', err)
    process.exit(1)
  }
)
