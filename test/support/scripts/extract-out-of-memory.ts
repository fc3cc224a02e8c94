import { strToU8, zipSync } from 'fflate'
import { sourceExtractWorker, processReader } from '../../../src/main/vector-fs/document-reader'
import { wordParts } from '../docx-bomb'

/*
 * Reads a DOCX too large for a 64 MB heap `argv[2]` times, each by a fresh reading process,
 * printing one line per read. Run as a process of its own: were the reader's out-of-memory to abort
 * the process that uses it, it must not take the test runner with it.
 */
const MIB = 1024 * 1024
const reads = Number(process.argv[2] ?? 12)

async function main() {
  const parts = await wordParts('cover')
  const paragraph = '<w:p><w:r><w:rPr><w:b/></w:rPr><w:t xml:space="preserve">The boiler is serviced every October. </w:t></w:r></w:p>'
  parts['word/document.xml'] = strToU8(
    `<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${paragraph.repeat((6 * MIB) / paragraph.length)}</w:body></w:document>`
  )
  const docx = zipSync(parts)
  const reader = processReader(sourceExtractWorker(), { log: { info: () => {}, error: () => {} }, heapMb: 64 })
  for (let i = 0; i < reads; i++) {
    const outcome = await reader.read('docx', docx).then(
      () => 'read',
      (err: Error) => err.message
    )
    console.log(outcome)
  }
  await reader.close()
}

void main().catch((err) => {
  console.error(err)
  process.exit(2)
})
