import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { openDb } from '../../src/main/store/db'
import { LATEST_VERSION, MIGRATIONS } from '../../src/main/store/migrations'
import { DB_FILE_NAME } from '../../src/main/store'
import { messageRole, type MessageRole, type RoleBearingMessage } from '../../src/shared/message-role'
import { fullScope, provider } from '../support/fixtures'
import { startTestNode, tempDir } from '../support/node'
import { storedMessageJson } from '../../bench/seed'
import { compatForm } from '../../src/shared/search-fold'
import { foldAccentsV15, searchFoldV15 } from '../../src/main/store/search-fold-v15'
import { searchFoldV16 } from '../../src/main/store/search-fold-v16'
import { searchIndexFormV18 } from '../../src/main/store/search-fold-v18'
import { searchIndexFormV19 } from '../../src/main/store/search-fold-v19'

let dir: string
let cleanup: () => void
beforeEach(() => {
  ;({ dir, cleanup } = tempDir())
})
afterEach(() => cleanup())

it('migrations are numbered 1..n without gaps', () => {
  expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_, i) => i + 1))
  expect(LATEST_VERSION).toBe(MIGRATIONS.length)
})

it('a populated version-1 database migrates to the latest with nothing lost, after a backup', async () => {
  const file = join(dir, DB_FILE_NAME)
  // Build a v1 database the way a v1 app would have left it.
  const v1 = openDb(file, { migrations: MIGRATIONS.slice(0, 1) })
  expect(v1.pragma('user_version', { simple: true })).toBe(1)
  const p = provider('gpt')
  v1.prepare(`INSERT INTO providers (id, provider_json, agent_json, api_key, created_at, updated_at) VALUES (?, ?, ?, NULL, ?, ?)`).run(
    'gpt',
    JSON.stringify(p),
    JSON.stringify({ full_identity_name: p.full_identity_name, id: 'gpt', model: p.model }),
    '2024-01-01T00:00:00.000Z',
    '2024-01-01T00:00:00.000Z'
  )
  const config = JSON.stringify({
    custom_prompt: '',
    temperature: 0.7,
    seed: 0,
    top_k: 40,
    top_p: 0.9,
    stream: true,
    other_model_params: null
  })
  for (const [job, hidden, created] of [
    ['jobid_a', 0, '2024-01-01T00:00:01.000Z'],
    ['jobid_b', 1, '2024-01-01T00:00:02.000Z']
  ] as const) {
    v1.prepare(`INSERT INTO jobs (id, provider_id, scope_json, config_json, is_hidden, created_at) VALUES (?, 'gpt', ?, ?, ?, ?)`).run(
      job,
      JSON.stringify(fullScope()),
      config,
      hidden,
      created
    )
    v1.prepare(`INSERT INTO inboxes (id, job_id, custom_name, datetime_created) VALUES (?, ?, ?, ?)`).run(
      `job_inbox::${job}::false`,
      job,
      `Job ${job}`,
      created
    )
  }
  // jobid_a got two messages later than jobid_b's creation: it must sort first after migrating.
  for (const [i, ts] of [
    [1, '2024-01-02T00:00:00.000Z'],
    [2, '2024-01-03T00:00:00.000Z']
  ] as const) {
    const msg = {
      inbox: 'job_inbox::jobid_a::false',
      job_message: { content: `m${i}` },
      node_api_data: { node_message_hash: `h${i}`, node_timestamp: ts, parent_hash: i === 1 ? '' : 'h1' }
    }
    v1.prepare(`INSERT INTO messages (inbox_id, hash, node_timestamp, message_json) VALUES (?, ?, ?, ?)`).run(
      'job_inbox::jobid_a::false',
      `h${i}`,
      ts,
      JSON.stringify(msg)
    )
  }
  v1.close()

  const node = startTestNode(dir)
  try {
    expect(node.store.db.pragma('user_version', { simple: true })).toBe(LATEST_VERSION)
    expect(existsSync(`${file}.v1.bak`)).toBe(true)
    const inboxes = (await node.get('/v2/all_inboxes')).body as {
      inbox_id: string
      last_message: { job_message: { content: string } } | null
      job_scope: unknown
    }[]
    expect(inboxes.map((i) => i.inbox_id)).toEqual(['job_inbox::jobid_a::false', 'job_inbox::jobid_b::false'])
    expect(inboxes[0]!.last_message!.job_message.content).toBe('m2')
    expect(inboxes[1]!.last_message).toBeNull()
    expect(inboxes[0]!.job_scope).toEqual(fullScope())
    expect(((await node.get('/v2/all_inboxes', { show_hidden: 'false' })).body as unknown[]).length).toBe(1)
    // Scopes moved out of the job rows unchanged; pages, counts and search cover what existed before.
    expect((await node.get('/v2/get_job_scope', { job_id: 'jobid_b' })).body).toEqual(fullScope())
    expect(node.store.db.prepare(`SELECT count(*) FROM pragma_table_info('jobs') WHERE name = 'scope_json'`).pluck().get()).toBe(0)
    const page1 = (await node.get('/v2/all_inboxes_paginated', { show_hidden: 'true', limit: '1' })).body as {
      inboxes: { inbox_id: string; is_hidden: boolean; is_pinned: boolean }[]
      hasNextPage: boolean
      total_count: number
    }
    expect(page1).toMatchObject({ hasNextPage: true, total_count: 2 })
    expect(page1.inboxes[0]).toMatchObject({ inbox_id: 'job_inbox::jobid_a::false', is_hidden: false, is_pinned: false })
    expect(((await node.get('/v2/all_inboxes_paginated')).body as { total_count: number }).total_count).toBe(1)
    const found = (q: string) =>
      node
        .get('/v2/search_inboxes', { q, show_hidden: 'true' })
        .then((r) => (r.body as { inbox: { inbox_id: string } }[]).map((h) => h.inbox.inbox_id))
    expect(await found('m2')).toEqual(['job_inbox::jobid_a::false'])
    expect(await found('job jobid_b')).toEqual(['job_inbox::jobid_b::false'])
    // And the chain continues from the migrated tip.
    const ack = (await node.post('/v2/job_message', { job_id: 'jobid_a', content: 'after upgrade' })).body as { node_message_hash: string }
    const page = (await node.post('/v2/last_messages', { inbox_name: 'job_inbox::jobid_a::false' })).body as {
      node_api_data: { parent_hash: string }
    }[]
    expect(page.map((m) => m.node_api_data.parent_hash)).toEqual(['', 'h1', 'h2'])
    expect(ack.node_message_hash).toMatch(/^[0-9a-f]{64}$/)
  } finally {
    await node.close()
  }
})

it('a populated version-3 database gets the role of each stored message, by the same rule the window reads', async () => {
  const file = join(dir, DB_FILE_NAME)
  const v3 = openDb(file, { migrations: MIGRATIONS.slice(0, 3) })
  const p = provider('gpt')
  v3.prepare(`INSERT INTO providers (id, provider_json, agent_json, api_key, created_at, updated_at) VALUES (?, ?, ?, NULL, ?, ?)`).run(
    'gpt',
    JSON.stringify(p),
    JSON.stringify({ full_identity_name: p.full_identity_name, id: 'gpt', model: p.model }),
    '2024-01-01T00:00:00.000Z',
    '2024-01-01T00:00:00.000Z'
  )
  v3.prepare(`INSERT INTO jobs (id, provider_id, scope_json, config_json, created_at) VALUES ('jobid_a', 'gpt', ?, '{}', ?)`).run(
    JSON.stringify(fullScope()),
    '2024-01-01T00:00:01.000Z'
  )
  const inbox = 'job_inbox::jobid_a::false'
  v3.prepare(`INSERT INTO inboxes (id, job_id, custom_name, datetime_created) VALUES (?, 'jobid_a', 'Job a', ?)`).run(
    inbox,
    '2024-01-01T00:00:01.000Z'
  )
  // The shapes v3 stored: questions from `main`, replies from `main/agent/<provider>`, marked by
  // `stopped` or `error`; and a row written by hand without a sender (as older tests did).
  const rows: [string, Record<string, unknown>, MessageRole][] = [
    ['main', {}, 'operator'],
    ['main/agent/gpt', {}, 'answer'],
    ['main', {}, 'operator'],
    ['main/agent/gpt', { stopped: true }, 'stopped'],
    ['main', {}, 'operator'],
    ['main/agent/gpt', { error: { kind: 'auth', status: 401 } }, 'error'],
    ['main/agent/gpt', { error: null, stopped: false }, 'answer'],
    ['', {}, 'operator']
  ]
  rows.forEach(([sender, extra], i) => {
    const ts = `2024-01-02T00:00:0${i}.000Z`
    const msg = {
      inbox,
      job_message: { content: `m${i}`, job_id: 'jobid_a', parent: '', ...extra },
      node_api_data: { node_message_hash: `h${i}`, node_timestamp: ts, parent_hash: i ? `h${i - 1}` : '' },
      receiver: '@@localhost.sep-shinkai',
      receiver_subidentity: 'main',
      sender: '@@localhost.sep-shinkai',
      ...(sender ? { sender_subidentity: sender } : {})
    }
    v3.prepare(`INSERT INTO messages (inbox_id, hash, node_timestamp, message_json) VALUES (?, ?, ?, ?)`).run(
      inbox,
      `h${i}`,
      ts,
      JSON.stringify(msg)
    )
  })
  v3.close()

  const node = startTestNode(dir)
  try {
    expect(node.store.db.pragma('user_version', { simple: true })).toBe(LATEST_VERSION)
    expect(existsSync(`${file}.v3.bak`)).toBe(true)
    const stored = node.store.db
      .prepare<[], { role: MessageRole; message_json: string }>(`SELECT role, message_json FROM messages ORDER BY seq`)
      .all()
    expect(stored.map((r) => r.role)).toEqual(rows.map(([, , role]) => role))
    for (const r of stored.slice(0, -1)) expect(messageRole(JSON.parse(r.message_json) as RoleBearingMessage)).toBe(r.role)
    // New messages keep getting their role, and the role column refuses anything else.
    await node.post('/v2/job_message', { job_id: 'jobid_a', content: 'after upgrade' })
    expect(node.store.db.prepare(`SELECT role FROM messages ORDER BY seq DESC LIMIT 1`).pluck().get()).toBe('operator')
    expect(() => node.store.db.prepare(`UPDATE messages SET role = 'assistant' WHERE hash = 'h0'`).run()).toThrow(/CHECK/)
  } finally {
    await node.close()
  }
})

it('refuses a database from a newer app instead of touching it', () => {
  const file = join(dir, DB_FILE_NAME)
  const db = openDb(file)
  db.pragma(`user_version = ${LATEST_VERSION + 1}`)
  db.close()
  expect(() => openDb(file)).toThrow(/newer than this app/)
})

it('uses WAL, foreign keys and synchronous=FULL', () => {
  const db = openDb(join(dir, DB_FILE_NAME))
  expect(db.pragma('journal_mode', { simple: true })).toBe('wal')
  expect(db.pragma('foreign_keys', { simple: true })).toBe(1)
  expect(db.pragma('synchronous', { simple: true })).toBe(2)
  db.close()
})

it('all_inboxes reads the activity index, with no per-inbox subquery', () => {
  const db = openDb(join(dir, DB_FILE_NAME))
  const plan = db
    .prepare(
      `EXPLAIN QUERY PLAN SELECT i.id FROM inboxes i INDEXED BY inboxes_activity JOIN jobs j ON j.id = i.job_id
       JOIN providers p ON p.id = j.provider_id ORDER BY i.activity DESC, i.seq DESC`
    )
    .all() as { detail: string }[]
  const details = plan.map((r) => r.detail).join('\n')
  expect(details).toMatch(/SCAN i USING INDEX inboxes_activity/)
  expect(details).not.toMatch(/TEMP B-TREE/)
  expect(details).not.toMatch(/CORRELATED/)
  db.close()
})

it('a version-9 database gets its search index built again with the accents of every script taken off; it stays in step afterwards', async () => {
  const file = join(dir, DB_FILE_NAME)
  const v9 = openDb(file, { migrations: MIGRATIONS.slice(0, 9) })
  const inboxes = seedOldInboxes(v9, [
    ['Ёлка', 'Ταξίδι στην Ελλάδα'],
    ['Plain name', 'café au lait'],
    // Migration 10 builds the index, and 14 (in the same start) takes out the entries of texts with an emoji:
    // it must take them out as 10 made them.
    ['Launch 🚀 notes', 'Steps 1️⃣2️⃣ then 3️⃣go']
  ])
  v9.close()

  const node = startTestNode(dir)
  try {
    expect(node.store.db.pragma('user_version', { simple: true })).toBe(LATEST_VERSION)
    const found = async (q: string) =>
      ((await node.get('/v2/search_inboxes', { q })).body as { inbox: { inbox_id: string } }[]).map((h) => h.inbox.inbox_id)
    expect(await found('ελλαδα')).toEqual([inboxes[0]])
    expect(await found('елка')).toEqual([inboxes[0]])
    expect(await found('cafe')).toEqual([inboxes[1]])
    expect(await found('🚀')).toEqual([inboxes[2]])
    expect(await found('2️⃣')).toEqual([inboxes[2]])
    // The index agrees with the texts it was built from (rank 1: compared with the view's texts too), and
    // follows removals and new texts.
    const integrity = () => node.store.db.exec(`INSERT INTO inbox_search (inbox_search, rank) VALUES ('integrity-check', 1)`)
    integrity()
    expect((await node.post('/v2/remove_job', { job_id: 'jobid_0' })).status).toBe(200)
    expect(await found('ελλαδα')).toEqual([])
    await node.post('/v2/job_message', { job_id: 'jobid_1', content: 'Ελλάδα again' })
    expect(await found('ελλαδα')).toEqual([inboxes[1]])
    integrity()
  } finally {
    await node.close()
  }
})

it('a version-10 database keeps its documents: texts move out of the keyword index, which is built again folded; search and deletes follow', async () => {
  const file = join(dir, DB_FILE_NAME)
  const v10 = openDb(file, { migrations: MIGRATIONS.slice(0, 10) })
  const ts = '2024-01-02T00:00:00.000Z'
  const texts = [
    ['greek.md', ['Ταξίδι στην Ελλάδα.', 'Δεύτερο κομμάτι.']],
    ['cafe.md', ['Le café est ouvert.']]
  ] as const
  for (const [i, [name, passages]] of texts.entries()) {
    const id = 10 + i
    v10
      .prepare(
        `INSERT INTO vfs_entries (id, parent_id, name, is_folder, created_time, modified_time, size, file_type, status) VALUES (?, 1, ?, 0, ?, ?, 10, 'md', 'ready')`
      )
      .run(id, name, ts, ts)
    passages.forEach((text, ord) => {
      const row = v10.prepare(`INSERT INTO vfs_passages (item_id, ord, node_id) VALUES (?, ?, ?)`).run(id, ord, String(ord)).lastInsertRowid
      v10.prepare(`INSERT INTO vfs_passages_fts (rowid, text) VALUES (?, ?)`).run(row, text)
    })
  }
  v10.close()

  const node = startTestNode(dir)
  try {
    expect(node.store.db.pragma('user_version', { simple: true })).toBe(LATEST_VERSION)
    const search = async (q: string) => (await node.post('/v2/search_items', { search: q })).body as { path: string; text: string }[]
    expect((await search('ελλαδα')).map((h) => [h.path, h.text])).toEqual([['/greek.md', 'Ταξίδι στην Ελλάδα.']])
    expect((await search('cafe')).map((h) => [h.path, h.text])).toEqual([['/cafe.md', 'Le café est ouvert.']])
    // Every passage kept its text, in order.
    expect(node.store.db.prepare(`SELECT item_id, ord, text FROM vfs_passages ORDER BY id`).all()).toEqual([
      { item_id: 10, ord: 0, text: 'Ταξίδι στην Ελλάδα.' },
      { item_id: 10, ord: 1, text: 'Δεύτερο κομμάτι.' },
      { item_id: 11, ord: 0, text: 'Le café est ouvert.' }
    ])
    const integrity = () => node.store.db.exec(`INSERT INTO vfs_passages_fts (vfs_passages_fts) VALUES ('integrity-check')`)
    integrity()
    expect((await node.post('/v2/delete_item', { path: '/greek.md' })).status).toBe(200)
    expect(await search('ελλαδα')).toEqual([])
    expect(await search('δευτερο')).toEqual([])
    const upload = await node.post('/v2/upload_file_to_folder', {
      path: '/',
      filename: 'new.md',
      file_data: new TextEncoder().encode('Νέα Ελλάδα')
    })
    expect(upload.status).toBe(200)
    expect((await search('ελλαδα')).map((h) => h.path)).toEqual(['/new.md'])
    integrity()
  } finally {
    await node.close()
  }
})

it('a version-13 database gets its emoji indexed as words: only the texts with one change in either index, which stay in step', async () => {
  const file = join(dir, DB_FILE_NAME)
  const v13 = openDb(file, { migrations: MIGRATIONS.slice(0, 13) })
  // The index triggers fold as version 13 did: the keycap's mark was one of the accents taken off.
  v13.function('search_fold', { deterministic: true }, (t: unknown) =>
    typeof t === 'string' ? foldAccentsV15(t).replace(/\u20E3/gu, '') : t
  )
  const inboxes = seedOldInboxes(v13, [
    ['Launch 🚀 notes', 'Thanks ❤️ for the café'],
    ['Weather', 'Sunny ☀️ and warm'],
    ['Plain', 'nothing to see here'],
    // A keycap without its variation selector (2⃣) was its digit run into the next: '2⃣3⃣' was the word '23'.
    ['Steps', 'Step 1️⃣ first, then #️⃣ tags, 2⃣3⃣ and 4⃣go']
  ])
  const ts = '2024-01-02T00:00:00.000Z'
  v13
    .prepare(
      `INSERT INTO vfs_entries (id, parent_id, name, is_folder, created_time, modified_time, size, file_type, status) VALUES (100, 1, 'launch.md', 0, ?, ?, 10, 'md', 'ready')`
    )
    .run(ts, ts)
  for (const [ord, text] of ['The 🚀 lifts off at dawn.', 'Plain passage.'].entries()) {
    const row = v13
      .prepare(`INSERT INTO vfs_passages (item_id, ord, node_id, text) VALUES (100, ?, ?, ?)`)
      .run(ord, String(ord), text).lastInsertRowid
    v13.prepare(`INSERT INTO vfs_passages_fts (rowid, text) VALUES (?, ?)`).run(row, foldAccentsV15(text))
  }
  v13.close()

  const node = startTestNode(dir)
  try {
    expect(node.store.db.pragma('user_version', { simple: true })).toBe(LATEST_VERSION)
    const found = async (q: string) =>
      ((await node.get('/v2/search_inboxes', { q })).body as { inbox: { inbox_id: string } }[]).map((h) => h.inbox.inbox_id).sort()
    expect(await found('🚀')).toEqual([inboxes[0]])
    expect(await found('❤️')).toEqual([inboxes[0]])
    expect(await found('☀️')).toEqual([inboxes[1]])
    expect(await found('cafe')).toEqual([inboxes[0]])
    expect(await found('plain')).toEqual([inboxes[2]])
    // A keycap's mark was dropped as an accent: 1️⃣ was the word "1", and #️⃣ no word at all.
    expect(await found('1️⃣')).toEqual([inboxes[3]])
    expect(await found('#️⃣')).toEqual([inboxes[3]])
    expect(await found('1')).toEqual([])
    expect(await found('23')).toEqual([])
    expect(await found('3️⃣')).toEqual([inboxes[3]])
    const documents = async (q: string) =>
      ((await node.post('/v2/search_items', { search: q })).body as { text: string }[]).map((h) => h.text)
    expect(await documents('🚀')).toEqual(['The 🚀 lifts off at dawn.'])
    expect(await documents('plain')).toEqual(['Plain passage.'])
    // Both indexes agree with their texts (the inbox index's rank 1 compares with the view's texts), and follow removals.
    const integrity = () => {
      node.store.db.exec(`INSERT INTO inbox_search (inbox_search, rank) VALUES ('integrity-check', 1)`)
      node.store.db.exec(`INSERT INTO vfs_passages_fts (vfs_passages_fts) VALUES ('integrity-check')`)
    }
    integrity()
    expect((await node.post('/v2/remove_job', { job_id: 'jobid_0' })).status).toBe(200)
    expect(await found('🚀')).toEqual([])
    expect((await node.post('/v2/delete_item', { path: '/launch.md' })).status).toBe(200)
    expect(await documents('🚀')).toEqual([])
    await node.post('/v2/job_message', { job_id: 'jobid_2', content: 'now with 🚀' })
    expect(await found('🚀')).toEqual([inboxes[2]])
    integrity()
  } finally {
    await node.close()
  }
})

it('a version-14 database gets its passages with ligatures or full-width letters indexed in compatibility form; the rest stays', async () => {
  const file = join(dir, DB_FILE_NAME)
  const v14 = openDb(file, { migrations: MIGRATIONS.slice(0, 14) })
  const ts = '2024-01-02T00:00:00.000Z'
  v14
    .prepare(
      `INSERT INTO vfs_entries (id, parent_id, name, is_folder, created_time, modified_time, size, file_type, status) VALUES (100, 1, 'report.txt', 0, ?, ?, 10, 'txt', 'ready')`
    )
    .run(ts, ts)
  const texts = ['Quarterly \uFB01nance for \uFF21\uFF23\uFF2D\uFF25.', 'Plain passage about finance.']
  for (const [ord, text] of texts.entries()) {
    const row = v14
      .prepare(`INSERT INTO vfs_passages (item_id, ord, node_id, text) VALUES (100, ?, ?, ?)`)
      .run(ord, String(ord), text).lastInsertRowid
    // As version 14 indexed it: folded, not in compatibility form.
    v14.prepare(`INSERT INTO vfs_passages_fts (rowid, text) VALUES (?, ?)`).run(row, searchFoldV15(text))
  }
  v14.close()

  const node = startTestNode(dir)
  try {
    expect(node.store.db.pragma('user_version', { simple: true })).toBe(LATEST_VERSION)
    const documents = async (q: string) =>
      ((await node.post('/v2/search_items', { search: q })).body as { text: string }[]).map((h) => h.text).sort()
    expect(await documents('finance')).toEqual([...texts].sort())
    expect(await documents('acme')).toEqual([texts[0]])
    expect(await documents('plain')).toEqual([texts[1]])
    node.store.db.exec(`INSERT INTO vfs_passages_fts (vfs_passages_fts) VALUES ('integrity-check')`)
    expect((await node.post('/v2/delete_item', { path: '/report.txt' })).status).toBe(200)
    expect(await documents('finance')).toEqual([])
    node.store.db.exec(`INSERT INTO vfs_passages_fts (vfs_passages_fts) VALUES ('integrity-check')`)
  } finally {
    await node.close()
  }
})

it('a version-15 database gets its letters with a stroke and ß æ œ þ indexed as plain letters: only those texts change, both indexes stay in step', async () => {
  const file = join(dir, DB_FILE_NAME)
  const v15 = openDb(file, { migrations: MIGRATIONS.slice(0, 15) })
  // The index triggers fold as version 15 did: ł ø đ ß were left as written.
  v15.function('search_fold', { deterministic: true }, (t: unknown) => (typeof t === 'string' ? searchFoldV15(t) : t))
  const inboxes = seedOldInboxes(v15, [
    ['Łódź notes', 'Spotkanie z Søren w Łodzi'],
    // An emoji and a keycap with the new letters: the entry goes out exactly as version 15 folded it.
    ['Straße 🚀', 'Đà Nẵng trip 1️⃣ cœur'],
    ['Plain', 'café au lait']
  ])
  const ts = '2024-01-02T00:00:00.000Z'
  v15
    .prepare(
      `INSERT INTO vfs_entries (id, parent_id, name, is_folder, created_time, modified_time, size, file_type, status) VALUES (100, 1, 'notes.txt', 0, ?, ?, 10, 'txt', 'ready')`
    )
    .run(ts, ts)
  const texts = ['Łódź \uFB01nance and Søren.', 'Plain passage about Straße.', 'Nothing to change here.']
  for (const [ord, text] of texts.entries()) {
    const row = v15
      .prepare(`INSERT INTO vfs_passages (item_id, ord, node_id, text) VALUES (100, ?, ?, ?)`)
      .run(ord, String(ord), text).lastInsertRowid
    // As version 15 indexed it: in compatibility form, folded.
    v15.prepare(`INSERT INTO vfs_passages_fts (rowid, text) VALUES (?, ?)`).run(row, searchFoldV15(compatForm(text)))
  }
  v15.close()

  const node = startTestNode(dir)
  try {
    expect(node.store.db.pragma('user_version', { simple: true })).toBe(LATEST_VERSION)
    const found = async (q: string) =>
      ((await node.get('/v2/search_inboxes', { q })).body as { inbox: { inbox_id: string } }[]).map((h) => h.inbox.inbox_id).sort()
    for (const q of ['lodz', 'łódź', 'lod', 'soren', 'lodzi']) expect(await found(q), q).toEqual([inboxes[0]])
    for (const q of ['strasse', 'Straße', 'da nang', 'coeur', '🚀', '1️⃣']) expect(await found(q), q).toEqual([inboxes[1]])
    expect(await found('cafe')).toEqual([inboxes[2]])
    const documents = async (q: string) =>
      ((await node.post('/v2/search_items', { search: q })).body as { text: string }[]).map((h) => h.text).sort()
    expect(await documents('lodz')).toEqual([texts[0]])
    expect(await documents('finance')).toEqual([texts[0]])
    expect(await documents('soren')).toEqual([texts[0]])
    expect(await documents('strasse')).toEqual([texts[1]])
    expect(await documents('change')).toEqual([texts[2]])
    // The words as version 15 indexed them are gone from both indexes.
    const stale = (table: string, word: string) =>
      node.store.db.prepare(`SELECT count(*) FROM ${table} WHERE ${table} MATCH ?`).pluck().get(`"${word}"`)
    for (const word of ['łodz', 'søren', 'straße', 'đa', 'cœur']) expect(stale('inbox_search', word), word).toBe(0)
    for (const word of ['łodz', 'søren', 'straße']) expect(stale('vfs_passages_fts', word), word).toBe(0)
    const integrity = () => {
      node.store.db.exec(`INSERT INTO inbox_search (inbox_search, rank) VALUES ('integrity-check', 1)`)
      node.store.db.exec(`INSERT INTO vfs_passages_fts (vfs_passages_fts) VALUES ('integrity-check')`)
    }
    integrity()
    // Removals take the migrated entries out, and new texts come in folded anew.
    expect((await node.post('/v2/remove_job', { job_id: 'jobid_0' })).status).toBe(200)
    expect(await found('lodz')).toEqual([])
    expect((await node.post('/v2/delete_item', { path: '/notes.txt' })).status).toBe(200)
    expect(await documents('lodz')).toEqual([])
    await node.post('/v2/job_message', { job_id: 'jobid_2', content: 'now in Łódź' })
    expect(await found('lodz')).toEqual([inboxes[2]])
    integrity()
  } finally {
    await node.close()
  }
})

it('a version-16 database gets its inbox texts indexed in compatibility form (ﬁ, full-width, ①) and ŀ as l in both indexes: only those change, both stay in step', async () => {
  const file = join(dir, DB_FILE_NAME)
  const v16 = openDb(file, { migrations: MIGRATIONS.slice(0, 16) })
  // The index triggers fold as version 16 did: no compatibility form.
  v16.function('search_fold', { deterministic: true }, (t: unknown) => (typeof t === 'string' ? searchFoldV16(t) : t))
  const inboxes = seedOldInboxes(v16, [
    ['Quarterly \uFB01nance', 'Invoice from \uFF21\uFF23\uFF2D\uFF25 Corp'],
    // Stroked letters, accents and an emoji with a ligature: the entry goes out exactly as version 16 folded it.
    ['Łódź \uFB02ow 🚀', 'Agenda \u2460 for Søren, café x\u00B2'],
    ['Plain ASCII name', 'co\u0140lecci\u00F3 and nothing else'],
    ['Untouched', 'English prose — “quoted” it’s fine']
  ])
  const ts = '2024-01-02T00:00:00.000Z'
  v16
    .prepare(
      `INSERT INTO vfs_entries (id, parent_id, name, is_folder, created_time, modified_time, size, file_type, status) VALUES (100, 1, 'notes.txt', 0, ?, ?, 10, 'txt', 'ready')`
    )
    .run(ts, ts)
  const texts = ['La co\u0140lecci\u00F3 del museu.', 'Quarterly \uFB01nance stays found.']
  for (const [ord, text] of texts.entries()) {
    const row = v16
      .prepare(`INSERT INTO vfs_passages (item_id, ord, node_id, text) VALUES (100, ?, ?, ?)`)
      .run(ord, String(ord), text).lastInsertRowid
    // As version 16 indexed it: NFKC (which writes ŀ as l·), folded.
    v16.prepare(`INSERT INTO vfs_passages_fts (rowid, text) VALUES (?, ?)`).run(row, searchFoldV16(text.normalize('NFKC')))
  }
  v16.close()

  const node = startTestNode(dir)
  try {
    expect(node.store.db.pragma('user_version', { simple: true })).toBe(LATEST_VERSION)
    const found = async (q: string) =>
      ((await node.get('/v2/search_inboxes', { q })).body as { inbox: { inbox_id: string } }[]).map((h) => h.inbox.inbox_id).sort()
    for (const q of ['finance', 'acme', '\uFF41\uFF43\uFF4D\uFF45 corp', 'quarterly']) expect(await found(q), q).toEqual([inboxes[0]])
    for (const q of ['flow', 'lodz', '🚀', '1 soren', 'x2', 'cafe']) expect(await found(q), q).toEqual([inboxes[1]])
    for (const q of ['colleccio', 'plain']) expect(await found(q), q).toEqual([inboxes[2]])
    expect(await found('quoted fine')).toEqual([inboxes[3]])
    const documents = async (q: string) =>
      ((await node.post('/v2/search_items', { search: q })).body as { text: string }[]).map((h) => h.text).sort()
    expect(await documents('colleccio')).toEqual([texts[0]])
    // "col" begins the one word now (found as a word start); "leccio", the second half of the split word, finds nothing.
    expect(await documents('col')).toEqual([texts[0]])
    expect(await documents('leccio')).toEqual([])
    expect(await documents('finance')).toEqual([texts[1]])
    // The words as version 16 indexed them are gone from both indexes.
    const stale = (table: string, word: string) =>
      node.store.db.prepare(`SELECT count(*) FROM ${table} WHERE ${table} MATCH ?`).pluck().get(`"${word}"`)
    for (const word of ['\uFB01nance', '\uFF41\uFF43\uFF4D\uFF45', '\u2460', 'x\u00B2', '\uFB02ow'])
      expect(stale('inbox_search', word), word).toBe(0)
    expect(stale('vfs_passages_fts', 'col')).toBe(0)
    const integrity = () => {
      node.store.db.exec(`INSERT INTO inbox_search (inbox_search, rank) VALUES ('integrity-check', 1)`)
      node.store.db.exec(`INSERT INTO vfs_passages_fts (vfs_passages_fts) VALUES ('integrity-check')`)
    }
    integrity()
    // Removals take the migrated entries out, and new texts come in in compatibility form.
    expect((await node.post('/v2/remove_job', { job_id: 'jobid_0' })).status).toBe(200)
    expect(await found('finance')).toEqual([])
    await node.post('/v2/job_message', { job_id: 'jobid_3', content: 'now \uFB01nal' })
    expect(await found('final')).toEqual([inboxes[3]])
    integrity()
  } finally {
    await node.close()
  }
})

it('a version-18 database gets Catalan "l·l" indexed without its dot in both indexes: only those texts change, both stay in step', async () => {
  const file = join(dir, DB_FILE_NAME)
  const v18 = openDb(file, { migrations: MIGRATIONS.slice(0, 18) })
  // The index triggers write the form version 18 did: the middle dot kept, a space to the tokenizer.
  v18.function('search_fold', { deterministic: true }, (t: unknown) => (typeof t === 'string' ? searchIndexFormV18(t) : t))
  const inboxes = seedOldInboxes(v18, [
    ['Col\u00B7lecci\u00F3 del museu', 'Quin \u00E9s el pressupost?'],
    ['Plain name', 'Un sistema intel\u00B7ligent, \uFB01 i caf\u00E8 \u00B7 res m\u00E9s'],
    ['Home \u00B7 About', 'English prose \u2014 \u201Cquoted\u201D']
  ])
  const ts = '2024-01-02T00:00:00.000Z'
  v18
    .prepare(
      `INSERT INTO vfs_entries (id, parent_id, name, is_folder, created_time, modified_time, size, file_type, status) VALUES (100, 1, 'notes.txt', 0, ?, ?, 10, 'txt', 'ready')`
    )
    .run(ts, ts)
  const texts = ['La col\u00B7lecci\u00F3 del museu.', 'Un passatge sense punt volat.']
  for (const [ord, text] of texts.entries()) {
    const row = v18
      .prepare(`INSERT INTO vfs_passages (item_id, ord, node_id, text) VALUES (100, ?, ?, ?)`)
      .run(ord, String(ord), text).lastInsertRowid
    v18.prepare(`INSERT INTO vfs_passages_fts (rowid, text) VALUES (?, ?)`).run(row, searchIndexFormV18(text))
  }
  v18.close()

  const node = startTestNode(dir)
  try {
    expect(node.store.db.pragma('user_version', { simple: true })).toBe(LATEST_VERSION)
    const found = async (q: string) =>
      ((await node.get('/v2/search_inboxes', { q })).body as { inbox: { inbox_id: string } }[]).map((h) => h.inbox.inbox_id).sort()
    for (const q of ['colleccio', 'col\u00B7lecci\u00F3', 'coll', 'museu']) expect(await found(q), q).toEqual([inboxes[0]])
    for (const q of ['intelligent', 'intel\u00B7ligent', 'fi cafe', 'res mes']) expect(await found(q), q).toEqual([inboxes[1]])
    expect(await found('home about')).toEqual([inboxes[2]])
    const documents = async (q: string) =>
      ((await node.post('/v2/search_items', { search: q })).body as { text: string }[]).map((h) => h.text).sort()
    expect(await documents('colleccio')).toEqual([texts[0]])
    expect(await documents('punt volat')).toEqual([texts[1]])
    // The halves version 18 indexed are gone from both indexes.
    const stale = (table: string, word: string) =>
      node.store.db.prepare(`SELECT count(*) FROM ${table} WHERE ${table} MATCH ?`).pluck().get(`"${word}"`)
    for (const word of ['leccio', 'ligent']) expect(stale('inbox_search', word), word).toBe(0)
    expect(stale('vfs_passages_fts', 'leccio')).toBe(0)
    const integrity = () => {
      node.store.db.exec(`INSERT INTO inbox_search (inbox_search, rank) VALUES ('integrity-check', 1)`)
      node.store.db.exec(`INSERT INTO vfs_passages_fts (vfs_passages_fts) VALUES ('integrity-check')`)
    }
    integrity()
    // Removals take the migrated entries out, and new texts come in without the dot.
    expect((await node.post('/v2/remove_job', { job_id: 'jobid_0' })).status).toBe(200)
    expect(await found('colleccio')).toEqual([])
    await node.post('/v2/job_message', { job_id: 'jobid_2', content: 'una il\u00B7lustraci\u00F3' })
    expect(await found('illustracio')).toEqual([inboxes[2]])
    integrity()
  } finally {
    await node.close()
  }
})

it('a version-19 database gets each Chinese and Japanese character indexed as a word: words inside a run are found, both indexes stay in step', async () => {
  const file = join(dir, DB_FILE_NAME)
  const v19 = openDb(file, { migrations: MIGRATIONS.slice(0, 19) })
  // The index triggers write the form version 19 did: a run of Chinese or Japanese one word.
  v19.function('search_fold', { deterministic: true }, (t: unknown) => (typeof t === 'string' ? searchIndexFormV19(t) : t))
  const inboxes = seedOldInboxes(v19, [
    ['日本語のテキスト', 'ﾃｷｽﾄの確認をお願いします'],
    ['Plain name', '我们的数据库需要备份'],
    ['Café notes', 'English prose \u2014 \u201Cquoted\u201D, Windows10対応']
  ])
  const ts = '2024-01-02T00:00:00.000Z'
  v19
    .prepare(
      `INSERT INTO vfs_entries (id, parent_id, name, is_folder, created_time, modified_time, size, file_type, status) VALUES (100, 1, 'notes.txt', 0, ?, ?, 10, 'txt', 'ready')`
    )
    .run(ts, ts)
  const texts = ['東京都の人口統計データ', 'A passage with no such characters, café.']
  for (const [ord, text] of texts.entries()) {
    const row = v19
      .prepare(`INSERT INTO vfs_passages (item_id, ord, node_id, text) VALUES (100, ?, ?, ?)`)
      .run(ord, String(ord), text).lastInsertRowid
    v19.prepare(`INSERT INTO vfs_passages_fts (rowid, text) VALUES (?, ?)`).run(row, searchIndexFormV19(text))
  }
  v19.close()

  const node = startTestNode(dir)
  try {
    expect(node.store.db.pragma('user_version', { simple: true })).toBe(LATEST_VERSION)
    const found = async (q: string) =>
      ((await node.get('/v2/search_inboxes', { q })).body as { inbox: { inbox_id: string } }[]).map((h) => h.inbox.inbox_id).sort()
    for (const q of ['テキスト', '日本語', 'テキスト 確認', '確認']) expect(await found(q), q).toEqual([inboxes[0]])
    for (const q of ['数据', '数据库', '备份']) expect(await found(q), q).toEqual([inboxes[1]])
    for (const q of ['対応', 'windows10対応', 'cafe', 'quoted prose']) expect(await found(q), q).toEqual([inboxes[2]])
    expect(await found('データ')).toEqual([])
    const documents = async (q: string) =>
      ((await node.post('/v2/search_items', { search: q })).body as { text: string }[]).map((h) => h.text).sort()
    expect(await documents('人口')).toEqual([texts[0]])
    expect(await documents('cafe')).toEqual([texts[1]])
    // The runs version 19 indexed as words are gone from both indexes.
    const stale = (table: string, word: string) =>
      node.store.db.prepare(`SELECT count(*) FROM ${table} WHERE ${table} MATCH ?`).pluck().get(`"${word}"`)
    for (const word of ['日本語のテキスト', '我们的数据库需要备份']) expect(stale('inbox_search', word), word).toBe(0)
    expect(stale('vfs_passages_fts', '東京都の人口統計データ')).toBe(0)
    const integrity = () => {
      node.store.db.exec(`INSERT INTO inbox_search (inbox_search, rank) VALUES ('integrity-check', 1)`)
      node.store.db.exec(`INSERT INTO vfs_passages_fts (vfs_passages_fts) VALUES ('integrity-check')`)
    }
    integrity()
    // Removals take the migrated entries out, and new texts come in a character a word.
    expect((await node.post('/v2/remove_job', { job_id: 'jobid_0' })).status).toBe(200)
    expect(await found('テキスト')).toEqual([])
    await node.post('/v2/job_message', { job_id: 'jobid_2', content: '会議の議事録を共有します' })
    expect(await found('議事録')).toEqual([inboxes[2]])
    integrity()
  } finally {
    await node.close()
  }
})

// Each migration must write its inbox entries in its own version's form (frozen): the next one takes them
// out with that form. Chinese with a middle dot ("列夫·托尔斯泰") or with full-width letters is picked by
// migrations 18 or 19 and again by 20, which takes the entry out as version 19 made it.
for (const [version, foldAsThen] of [
  [16, searchFoldV16],
  [18, searchIndexFormV18]
] as const) {
  it(`a version-${version} database with Chinese and Japanese that earlier forms also change keeps its inbox index in step`, async () => {
    const old = openDb(join(dir, DB_FILE_NAME), { migrations: MIGRATIONS.slice(0, version) })
    old.function('search_fold', { deterministic: true }, (t: unknown) => (typeof t === 'string' ? foldAsThen(t) : t))
    const inboxes = seedOldInboxes(old, [
      ['列夫\u00B7托尔斯泰的小说', '\uFF21\uFF23\uFF2D\uFF25の日本語テキスト'],
      ['Plain name', '战争与和平 \u00B7 第一卷']
    ])
    old.close()

    const node = startTestNode(dir)
    try {
      expect(node.store.db.pragma('user_version', { simple: true })).toBe(LATEST_VERSION)
      const integrity = () => node.store.db.exec(`INSERT INTO inbox_search (inbox_search, rank) VALUES ('integrity-check', 1)`)
      integrity()
      const found = async (q: string) =>
        ((await node.get('/v2/search_inboxes', { q })).body as { inbox: { inbox_id: string } }[]).map((h) => h.inbox.inbox_id).sort()
      for (const q of ['托尔斯泰', 'acme', 'テキスト']) expect(await found(q), q).toEqual([inboxes[0]])
      expect(await found('和平')).toEqual([inboxes[1]])
      expect((await node.post('/v2/remove_job', { job_id: 'jobid_0' })).status).toBe(200)
      expect(await found('托尔斯泰')).toEqual([])
      integrity()
    } finally {
      await node.close()
    }
  })
}

/**
 * A provider 'gpt' and, per [name, content], a job `jobid_<i>` whose inbox has that name and one
 * question with that content, written as an older schema holds them; answers the inbox ids.
 */
function seedOldInboxes(db: ReturnType<typeof openDb>, rows: readonly (readonly [string, string])[]): string[] {
  const p = provider('gpt')
  db.prepare(`INSERT INTO providers (id, provider_json, agent_json, api_key, created_at, updated_at) VALUES (?, ?, ?, NULL, ?, ?)`).run(
    'gpt',
    JSON.stringify(p),
    JSON.stringify({ full_identity_name: p.full_identity_name, id: 'gpt', model: p.model }),
    '2024-01-01T00:00:00.000Z',
    '2024-01-01T00:00:00.000Z'
  )
  return rows.map(([name, content], i) => {
    const jobId = `jobid_${i}`
    const inbox = `job_inbox::${jobId}::false`
    const ts = `2024-01-02T00:00:0${i}.000Z`
    db.prepare(`INSERT INTO jobs (id, provider_id, config_json, is_hidden, created_at) VALUES (?, 'gpt', '{}', 0, ?)`).run(jobId, ts)
    db.prepare(`INSERT INTO job_scopes (job_id, scope_json) VALUES (?, ?)`).run(jobId, JSON.stringify(fullScope()))
    db.prepare(`INSERT INTO inboxes (id, job_id, custom_name, name_is_default, datetime_created, activity) VALUES (?, ?, ?, 0, ?, ?)`).run(
      inbox,
      jobId,
      name,
      ts,
      ts
    )
    const json = storedMessageJson({ inboxId: inbox, jobId, content, hash: `h${i}`, ts, parentHash: '' })
    db.prepare(`INSERT INTO messages (inbox_id, hash, node_timestamp, message_json, role) VALUES (?, ?, ?, ?, 'operator')`).run(
      inbox,
      `h${i}`,
      ts,
      json
    )
    return inbox
  })
}
