import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { openDb } from '../../src/main/store/db'
import { DB_FILE_NAME } from '../../src/main/store'
import { MIGRATIONS } from '../../src/main/store/migrations'
import { foldAccentsV15 } from '../../src/main/store/search-fold-v15'
import { storedMessageJson } from '../../bench/seed'
import { provider } from '../support/fixtures'
import { tempDir } from '../support/node'
import { ROOT } from '../support/serve-process'

/*
 * Migration 14 folds anew every stored text that holds an emoji. A node with years of answers holds
 * far more of them than fits in memory at once: it must read them one at a time, or the update's
 * first start runs out of memory and the node never opens.
 */

const TEXTS = 48
const HEAP_MB = 64

it(`a version-13 database with ${TEXTS} MiB of texts holding emoji is migrated by a node with ${HEAP_MB} MB of heap`, async () => {
  const { dir, cleanup } = tempDir('nodedesk-emoji-migration-')
  try {
    const data = join(dir, 'data')
    const v13 = openDb(join(data, DB_FILE_NAME), { migrations: MIGRATIONS.slice(0, 13) })
    v13.function('search_fold', { deterministic: true }, (t: unknown) => (typeof t === 'string' ? foldAccentsV15(t) : t))
    const p = provider('gpt')
    const ts = '2024-01-02T00:00:00.000Z'
    v13
      .prepare(`INSERT INTO providers (id, provider_json, agent_json, api_key, created_at, updated_at) VALUES ('gpt', ?, ?, NULL, ?, ?)`)
      .run(JSON.stringify(p), JSON.stringify({ full_identity_name: p.full_identity_name, id: 'gpt', model: p.model }), ts, ts)
    v13.prepare(`INSERT INTO jobs (id, provider_id, config_json, is_hidden, created_at) VALUES ('jobid_0', 'gpt', '{}', 0, ?)`).run(ts)
    const inbox = 'job_inbox::jobid_0::false'
    v13
      .prepare(
        `INSERT INTO inboxes (id, job_id, custom_name, name_is_default, datetime_created, activity) VALUES (?, 'jobid_0', 'Long 🚀 answers', 0, ?, ?)`
      )
      .run(inbox, ts, ts)
    // An emoji every 4 KiB: a text holding one is as large in memory as one holding many (a string
    // with any character past Latin-1 takes two bytes a character), and is folded anew all the same;
    // an emoji every 48 characters made the folds' work per emoji (60% of the node's start) the test's
    // run time, 50 s alone and past its 120 s under load.
    const content = ('A long answer ✅ with a rocket 🚀 now and then. ' + 'Plain words of a long answer. '.repeat(135))
      .repeat(Math.ceil(MIB / 4097))
      .slice(0, MIB)
    const add = v13.prepare(`INSERT INTO messages (inbox_id, hash, node_timestamp, message_json, role) VALUES (?, ?, ?, ?, 'operator')`)
    v13.transaction(() => {
      for (let i = 0; i < TEXTS; i++) {
        add.run(
          inbox,
          `h${i}`,
          ts,
          storedMessageJson({ inboxId: inbox, jobId: 'jobid_0', content: `${i} ${content}`, hash: `h${i}`, ts, parentHash: '' })
        )
      }
    })()
    v13.close()

    const child = spawn(
      process.execPath,
      [`--max-old-space-size=${HEAP_MB}`, join(ROOT, 'out/main/serve.js'), '--port', '0', '--data-dir', data],
      {
        env: { ...process.env, NODEDESK_API_TOKEN: 't'.repeat(40) },
        stdio: ['ignore', 'pipe', 'pipe']
      }
    )
    let out = ''
    const started = await new Promise<boolean>((done) => {
      const seen = (c: Buffer) => {
        out += c.toString()
        if (/listening/.test(out)) done(true)
      }
      child.stdout.on('data', seen)
      child.stderr.on('data', seen)
      child.on('exit', () => done(false))
    })
    child.kill()
    expect(started, out.slice(-2000)).toBe(true)

    const db = openDb(join(data, DB_FILE_NAME))
    try {
      db.exec(`INSERT INTO inbox_search (inbox_search, rank) VALUES ('integrity-check', 1)`)
      expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length)
    } finally {
      db.close()
    }
  } finally {
    cleanup()
  }
}, 120_000)

const MIB = 1024 * 1024
