import type { ToExtractWorker } from '../../../src/main/vector-fs/extract-worker-protocol'
import '../../../src/main/vector-fs/extract-worker'

/*
 * The extraction process, except that it exits (code 3) as soon as it is handed a DOCX: a reader
 * that dies for a reason other than memory. PDFs are read by the real code.
 */
process.on('message', (m: ToExtractWorker) => {
  if (m.fileType === 'docx') process.exit(3)
})
