import { expect, it } from 'vitest'
import { openStore } from '../../src/main/store'
import { aesFileSecretBox } from '../../src/main/store/secret-box'
import { tempDir } from '../support/node'
import { join } from 'node:path'

/*
 * A removal deletes the job's own rows by name with foreign keys off (so its messages outlive the
 * inbox until their slices), which cascades nothing: a table that comes to point at jobs or
 * inboxes must be added to job-removals.ts, or its rows would be left behind. This test says so.
 */
it('the tables pointing at jobs and inboxes are the ones a removal deletes', () => {
  const { dir, cleanup } = tempDir()
  const store = openStore(dir, aesFileSecretBox(join(dir, 'secret.key')))
  try {
    const references = store.db
      .prepare<[], { child: string; parent: string }>(
        `SELECT m.name AS child, f."table" AS parent FROM sqlite_master m, pragma_foreign_key_list(m.name) f
         WHERE m.type = 'table' AND f."table" IN ('jobs', 'inboxes') ORDER BY child`
      )
      .all()
    expect(references).toEqual([
      { child: 'inboxes', parent: 'jobs' },
      { child: 'job_scopes', parent: 'jobs' },
      { child: 'messages', parent: 'inboxes' }
    ])
  } finally {
    store.close()
    cleanup()
  }
})
