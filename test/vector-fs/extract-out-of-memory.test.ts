import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { ROOT } from '../support/fake-electron'

const READS = 12

it('documents that need more memory than the reading process has are refused each time; the node never aborts', async () => {
  // Read in a worker thread, a document at the thread's heap limit could abort the whole process
  // (SIGABRT, nodejs/node#47224): with V8's default young generation within a few such reads, and
  // still possible with it capped. Only the reading process may die now.
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'test/support/scripts/extract-out-of-memory.ts'), String(READS)], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let out = ''
  let err = ''
  child.stdout.on('data', (c: Buffer) => (out += c.toString()))
  child.stderr.on('data', (c: Buffer) => (err += c.toString()))
  const ended = await new Promise<string | number>((done) => child.on('exit', (code, signal) => done(signal ?? code ?? -1)))
  expect({ ended, stderr: err.slice(0, 400) }).toEqual({ ended: 0, stderr: '' })
  expect(out.trim().split('\n')).toEqual(
    Array(READS).fill('reading it needed more memory than the node gives one document, so it was stopped')
  )
}, 120_000)
