import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { ROOT } from '../support/fake-electron'

const READS = 12

it('documents that need more memory than the reading thread has are refused each time; the process never aborts', async () => {
  // A worker's young generation left at V8's default (192 MB) let one scavenge overshoot the heap
  // limit by more than Node's margin: the whole process aborted (SIGABRT) within a few such reads.
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
    Array(READS).fill('file_data: reading the DOCX needed more memory than the node gives one document, so it was stopped')
  )
}, 120_000)
