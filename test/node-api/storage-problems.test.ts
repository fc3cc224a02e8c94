import { describe, expect, it } from 'vitest'
import { DISK_ERROR_MESSAGE, DISK_FULL_MESSAGE, READ_ONLY_MESSAGE, storageProblem } from '../../src/main/node-api/disk-full'
import { addProvider, createJob, dbFingerprint, useTestNode } from '../support/node'

describe('a data folder the node cannot write to: the operator is told what to do, nothing is saved', () => {
  const node = useTestNode({ setup: async (n) => void (await addProvider(n, 'gpt')) })

  it('a read-only database: job_message answers 500 saying so, not "internal error", and reading still works', async () => {
    const jobId = await createJob(node, 'gpt')
    const before = dbFingerprint(node.store)
    // SQLite itself refuses every write on this connection, as on a read-only file or file system.
    node.store.db.pragma('query_only = ON')
    try {
      const res = await node.post('/v2/job_message', { job_id: jobId, content: 'Anyone there?' })
      expect(res.status).toBe(500)
      expect(res.body).toEqual({ code: 500, error: 'Internal Server Error', message: READ_ONLY_MESSAGE })
      expect((await node.get('/v2/all_inboxes')).status).toBe(200)
      expect(dbFingerprint(node.store)).toBe(before)
    } finally {
      node.store.db.pragma('query_only = OFF')
    }
  })
})

describe('storageProblem: which failures are the disk', () => {
  const coded = (code: string, cause?: unknown) => Object.assign(new Error(code, { cause }), { code })
  it('full, read-only and I/O errors from SQLite (extended codes too) and the OS, also when wrapped', () => {
    expect(storageProblem(coded('SQLITE_FULL'))).toBe(DISK_FULL_MESSAGE)
    expect(storageProblem(coded('ENOSPC'))).toBe(DISK_FULL_MESSAGE)
    expect(storageProblem(coded('SQLITE_READONLY_DBMOVED'))).toBe(READ_ONLY_MESSAGE)
    expect(storageProblem(coded('EROFS'))).toBe(READ_ONLY_MESSAGE)
    expect(storageProblem(coded('SQLITE_IOERR_WRITE'))).toBe(DISK_ERROR_MESSAGE)
    expect(storageProblem(new Error('write failed', { cause: coded('EIO') }))).toBe(DISK_ERROR_MESSAGE)
  })
  it('anything else is not', () => {
    expect(storageProblem(coded('SQLITE_CONSTRAINT_UNIQUE'))).toBeUndefined()
    expect(storageProblem(new TypeError('x is undefined'))).toBeUndefined()
    expect(storageProblem('SQLITE_FULL')).toBeUndefined()
  })
})
