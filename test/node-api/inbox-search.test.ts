import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Inbox } from '../../src/shared/contract/inbox'
import { startHttpServer } from '../../src/main/transports/http'
import { addProvider, createJob, expectError, startTestNode, tempDir, useTestNode, type TestNode } from '../support/node'

type Hit = { inbox: Inbox; snippet: string }
const inboxOf = (jobId: string) => `job_inbox::${jobId}::false`

async function search(node: TestNode, q: string, extra: Record<string, string> = {}): Promise<Hit[]> {
  const res = await node.get('/v2/search_inboxes', { q, ...extra })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body as Hit[]
}
const ids = (hits: Hit[]) => hits.map((h) => h.inbox.inbox_id)

describe('search_inboxes', () => {
  const node = useTestNode({ setup: (n) => addProvider(n, 'gpt') })
  const say = (jobId: string, content: string) => node.post('/v2/job_message', { job_id: jobId, content })
  const rename = (jobId: string, name: string) =>
    node.post('/v2/update_smart_inbox_name', { inbox_name: inboxOf(jobId), custom_name: name })

  it('finds inboxes whose name or one message holds every word, as prefixes, ignoring case and accents', async () => {
    const a = await createJob(node, 'gpt')
    const b = await createJob(node, 'gpt')
    const c = await createJob(node, 'gpt')
    await rename(a, 'Café contracts')
    await say(b, 'The quarterly Résumé of the LEASE agreement')
    await say(c, 'quarterly numbers only')
    await say(c, 'a lease elsewhere')
    expect(ids(await search(node, 'cafe'))).toEqual([inboxOf(a)])
    expect(ids(await search(node, 'CAFÉ contr'))).toEqual([inboxOf(a)])
    expect(ids(await search(node, 'resume lease'))).toEqual([inboxOf(b)])
    expect(ids(await search(node, 'quart lea'))).toEqual([inboxOf(b)]) // c has both words, never in one message
    expect(ids(await search(node, 'quarterly')).sort()).toEqual([inboxOf(b), inboxOf(c)].sort())
    expect(await search(node, 'résumé nowhere')).toEqual([])
    expect(await search(node, '!!! ???')).toEqual([])
    // Query syntax in the text is taken as words, never as FTS5 operators.
    expect(ids(await search(node, '"lease" OR NOT* (x'))).toEqual([])
    expect(ids(await search(node, 'lease AND'))).toEqual([])
  })

  it('ignores the accents of every script, not only of Latin letters (Greek, Cyrillic, Vietnamese), and the case', async () => {
    const greek = await createJob(node, 'gpt')
    const russian = await createJob(node, 'gpt')
    const viet = await createJob(node, 'gpt')
    await say(greek, 'Ταξίδι στην Ελλάδα τον Μάιο')
    await rename(russian, 'Ёлка и подарки')
    await say(viet, 'Tiếng Việt có dấu')
    expect(ids(await search(node, 'ελλαδα'))).toEqual([inboxOf(greek)])
    expect(ids(await search(node, 'ΤΑΞΙΔΙ ελλ'))).toEqual([inboxOf(greek)])
    expect(ids(await search(node, 'Ελλάδα μαϊο'))).toEqual([inboxOf(greek)])
    expect(ids(await search(node, 'елка'))).toEqual([inboxOf(russian)])
    expect(ids(await search(node, 'ЁЛК подар'))).toEqual([inboxOf(russian)])
    expect(ids(await search(node, 'tieng viet co dau'))).toEqual([inboxOf(viet)])
    // The snippet is the stored text, accents and all.
    expect((await search(node, 'ελλαδα'))[0]!.snippet).toBe('Ταξίδι στην Ελλάδα τον Μάιο')
    // Marks that make another letter stay: バス (bus) is not パス (pass), कम is not काम.
    const japanese = await createJob(node, 'gpt')
    await say(japanese, 'バス 時刻表 and काम')
    expect(ids(await search(node, 'バス'))).toEqual([inboxOf(japanese)])
    expect(await search(node, 'パス')).toEqual([])
    expect(ids(await search(node, 'काम'))).toEqual([inboxOf(japanese)])
    expect(await search(node, 'कम')).toEqual([])
  })

  it('finds emoji as words: 🚀 the texts with a rocket, ❤️ only those with a heart, 👍 also 👍🏽', async () => {
    const rocket = await createJob(node, 'gpt')
    const heart = await createJob(node, 'gpt')
    const sun = await createJob(node, 'gpt')
    const thumbs = await createJob(node, 'gpt')
    const named = await createJob(node, 'gpt')
    await say(rocket, 'Launch day🚀 went well')
    await say(heart, 'Thanks ❤️ for the notes')
    await say(sun, 'Sunny ☀️ and warm')
    await say(thumbs, 'Approved 👍🏽')
    await rename(named, '🎉 Party planning')
    expect(ids(await search(node, '🚀'))).toEqual([inboxOf(rocket)])
    expect(ids(await search(node, '🚀 launch'))).toEqual([inboxOf(rocket)])
    expect(await search(node, '🚀 thanks')).toEqual([])
    // The variation selector after ❤ and ☀ is no word: ❤️ does not find every text with such an emoji.
    expect(ids(await search(node, '❤️'))).toEqual([inboxOf(heart)])
    expect(ids(await search(node, '❤'))).toEqual([inboxOf(heart)])
    expect(ids(await search(node, '👍'))).toEqual([inboxOf(thumbs)])
    expect(ids(await search(node, '👍🏿'))).toEqual([inboxOf(thumbs)])
    expect(ids(await search(node, '🎉'))).toEqual([inboxOf(named)])
    expect(await search(node, '🛸')).toEqual([])
    // A flag is its two regional indicators together: 🇺🇸 does not find 🇦🇺 and 🇸🇪, whose letters hold U and S.
    const us = await createJob(node, 'gpt')
    const others = await createJob(node, 'gpt')
    await say(us, 'Holiday in 🇺🇸 soon')
    await say(others, 'Trips: 🇦🇺 then 🇸🇪, and 🇦🇺🇸🇪 together')
    expect(ids(await search(node, '🇺🇸'))).toEqual([inboxOf(us)])
    expect(ids(await search(node, '🇸🇪'))).toEqual([inboxOf(others)])
    // A keycap is one word: 1️⃣ does not find "10" (its mark was dropped as an accent), and #️⃣ is found at all.
    const keycaps = await createJob(node, 'gpt')
    const numbers = await createJob(node, 'gpt')
    await say(keycaps, 'Step 1️⃣ first, then #️⃣ and *️⃣')
    await say(numbers, 'Room 10 and 1 more')
    expect(ids(await search(node, '1️⃣'))).toEqual([inboxOf(keycaps)])
    expect(ids(await search(node, '1⃣'))).toEqual([inboxOf(keycaps)])
    expect(ids(await search(node, '#️⃣'))).toEqual([inboxOf(keycaps)])
    expect(ids(await search(node, '*️⃣ step'))).toEqual([inboxOf(keycaps)])
    expect(ids(await search(node, '1'))).toEqual([inboxOf(numbers)])
    expect(await search(node, '2️⃣')).toEqual([])
    // The snippet is the stored text, emoji and all.
    expect((await search(node, '🚀'))[0]!.snippet).toBe('Launch day🚀 went well')
    const long = await createJob(node, 'gpt')
    await say(long, `${'filler words here '.repeat(30)}the 🛰 satellite ${'more filler '.repeat(30)}`)
    const [hit] = await search(node, '🛰')
    expect(ids([hit!])).toEqual([inboxOf(long)])
    expect(hit!.snippet).toContain('🛰 satellite')
  })

  it('answers each inbox once with a snippet of the matching text (at most 200 characters), best match first', async () => {
    const a = await createJob(node, 'gpt')
    const b = await createJob(node, 'gpt')
    await say(a, `${'filler words here '.repeat(40)} the turbine manual ${'more filler '.repeat(40)}`)
    await say(a, 'turbine again')
    await say(b, 'turbine turbine turbine')
    const hits = await search(node, 'turbine')
    expect(ids(hits)).toEqual([inboxOf(b), inboxOf(a)])
    for (const h of hits) {
      expect(h.snippet.length).toBeLessThanOrEqual(200)
      expect(h.snippet.toLowerCase()).toContain('turbine')
      expect(h.inbox.job_scope).toBeNull()
    }
    expect((await search(node, 'turbine', { limit: '1' })).length).toBe(1)
  })

  it('puts a text holding the word itself before one holding only longer words it begins, whatever their counts', async () => {
    const prefixes = await createJob(node, 'gpt')
    const whole = await createJob(node, 'gpt')
    await say(whole, 'my cat')
    await say(prefixes, 'catalogue of category catastrophes')
    expect(ids(await search(node, 'cat'))).toEqual([inboxOf(whole), inboxOf(prefixes)])
    // Each word counts: both whole before one whole, before none; accents and case folded as the search folds them.
    const both = await createJob(node, 'gpt')
    const one = await createJob(node, 'gpt')
    await say(both, 'Café Blue is open')
    await say(one, 'cafés blue')
    expect(ids(await search(node, 'cafe blue'))).toEqual([inboxOf(both), inboxOf(one)])
    // A word as typed so far finds the texts it begins.
    expect(ids(await search(node, 'catas'))).toEqual([inboxOf(prefixes)])
  })

  it('finds a name match even when the word fills more than a thousand messages elsewhere', async () => {
    const named = await createJob(node, 'gpt')
    await rename(named, 'Walrus plans')
    const busy = await createJob(node, 'gpt')
    for (let i = 0; i < 1100; i++) node.ctx.chain.append({ inboxId: inboxOf(busy), jobId: busy, content: `walrus sighting ${i}` })
    const hits = ids(await search(node, 'walrus'))
    expect(hits.sort()).toEqual([inboxOf(named), inboxOf(busy)].sort())
  })

  it('lists conversations whose name holds the words first (the whole words, then the best filled), then messages', async () => {
    // A conversation is named by its first question until renamed: these first ask something else.
    const messages = await createJob(node, 'gpt')
    await say(messages, 'hello')
    await say(messages, 'gearbox gearbox gearbox')
    const named = await createJob(node, 'gpt')
    await rename(named, 'Notes on the gearbox of the old mill and its repairs over the years')
    const prefixName = await createJob(node, 'gpt')
    await rename(prefixName, 'Gearboxes')
    const short = await createJob(node, 'gpt')
    await rename(short, 'Gearbox')
    // Newer messages do not push the names down.
    const newer = await createJob(node, 'gpt')
    await say(newer, 'hi')
    await say(newer, 'gearbox')
    const hits = ids(await search(node, 'gearbox'))
    expect(hits.slice(0, 2)).toEqual([inboxOf(short), inboxOf(named)])
    expect(hits.slice(2, 4).sort()).toEqual([inboxOf(messages), inboxOf(newer)].sort())
    // A name holding only a longer word the search begins comes after the texts holding the word itself.
    expect(hits.slice(4)).toEqual([inboxOf(prefixName)])
  })

  it('leaves hidden inboxes out unless show_hidden=true', async () => {
    const shown = await createJob(node, 'gpt')
    const hidden = await createJob(node, 'gpt', undefined, { is_hidden: true })
    await say(shown, 'zeppelin')
    await say(hidden, 'zeppelin')
    expect(ids(await search(node, 'zeppelin'))).toEqual([inboxOf(shown)])
    expect(ids(await search(node, 'zeppelin', { show_hidden: 'true' })).sort()).toEqual([inboxOf(shown), inboxOf(hidden)].sort())
    await node.post('/v2/update_job_hidden', { job_id: hidden, is_hidden: false })
    expect(ids(await search(node, 'zeppelin')).length).toBe(2)
  })

  it('finds a visible inbox by its name however many newer hidden inboxes share the name (names are read past the first batch)', async () => {
    // Named by default after the provider: the name the search matches.
    await addProvider(node, 'kiwi')
    const visible = await createJob(node, 'kiwi')
    const hidden: string[] = []
    for (let i = 0; i < 260; i++) hidden.push(await createJob(node, 'kiwi', undefined, { is_hidden: true }))
    expect(ids(await search(node, 'kiwi'))).toEqual([inboxOf(visible)])
    // With them: every one, the visible one too, once.
    const all = ids(await search(node, 'kiwi', { show_hidden: 'true', limit: '100' }))
    expect(all).toHaveLength(100)
    expect(new Set(all).size).toBe(100)
    // Removed or hidden, the newer ones leave the older ones' names findable too.
    await node.post('/v2/remove_jobs', { job_ids: hidden.slice(0, 255) })
    await node.post('/v2/update_job_hidden', { job_id: visible, is_hidden: true })
    expect(await search(node, 'kiwi')).toEqual([])
    expect(ids(await search(node, 'kiwi', { show_hidden: 'true' })).sort()).toEqual(
      [inboxOf(visible), ...hidden.slice(255).map(inboxOf)].sort()
    )
  })

  it('q of up to 200 characters counts characters, not UTF-16 units, like every other length in the contract (over HTTP)', async () => {
    const server = await startHttpServer({ router: node.router, token: 't', port: 0, log: node.log })
    try {
      const get = async (q: string) => {
        const res = await fetch(`${server.url}/v2/search_inboxes?${new URLSearchParams({ q }).toString()}`, {
          headers: { Authorization: 'Bearer t' }
        })
        return { status: res.status, body: await res.json() }
      }
      const job = await createJob(node, 'gpt')
      await say(job, `${'🦓'.repeat(3)} stripes`)
      // 200 characters of which 150 are outside the BMP (350 UTF-16 units): within the limit.
      const q = `${'🦓'.repeat(150)}${' '.repeat(10)}${'s'.repeat(40)}`
      expect([...q].length).toBe(200)
      expect(await get(q)).toEqual({ status: 200, body: [] })
      expect((await get('stripes')).status).toBe(200)
      expectError(await get(`${q}x`), 400, 'q: must be at most 200 characters')
    } finally {
      await server.close()
    }
  })

  it.each([
    [{}, 'q'],
    [{ q: '' }, 'q'],
    [{ q: 'x'.repeat(201) }, 'q'],
    [{ q: 'x', limit: '0' }, 'limit'],
    [{ q: 'x', limit: '101' }, 'limit'],
    [{ q: 'x', show_hidden: 'maybe' }, 'show_hidden']
  ])('answers 400 for %j naming %s', async (query, field) => {
    expectError(await node.get('/v2/search_inboxes', query), 400, `${field}:`)
  })
})

/**
 * The index follows every write: after any sequence of creates, renames, messages, hides and
 * removals, search answers exactly what a plain scan of a model of the data answers.
 */
describe('search index kept in step (property)', () => {
  const WORDS = [
    'alpha',
    'alpine',
    'beta',
    'bêta',
    'gamma',
    'Gämma',
    'delta',
    'zeta',
    'Ελλάδα',
    'ελλαδικός',
    'ёлка',
    'Елка',
    '🚀',
    'x❤️',
    '👍🏽',
    '☀️',
    '1️⃣',
    '10',
    'Łódź',
    'lodzia',
    'Søren',
    'Straße',
    'strassen'
  ]
  const text = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 4 }).map((w) => w.join(' '))
  const op = fc.oneof(
    fc.record({ kind: fc.constant('create' as const), hidden: fc.boolean() }),
    fc.record({ kind: fc.constant('message' as const), job: fc.nat(), text }),
    fc.record({ kind: fc.constant('rename' as const), job: fc.nat(), text }),
    fc.record({ kind: fc.constant('hide' as const), job: fc.nat(), hidden: fc.boolean() }),
    fc.record({ kind: fc.constant('remove' as const), job: fc.nat() })
  )
  // Marks (accents, and the variation selector after ❤ and ☀) and skin tones go; each emoji is a word;
  // ł and ø are their plain letters, ß is ss.
  const PLAIN: Record<string, string> = { ł: 'l', ø: 'o', ß: 'ss' }
  const fold = (s: string) =>
    s
      .normalize('NFD')
      .replace(/[\p{M}\u{1F3FB}-\u{1F3FF}]/gu, '')
      .toLowerCase()
      .replace(/[łøß]/gu, (c) => PLAIN[c]!)
  // A keycap is a word of its own (here "⌨1"), not its digit.
  const tokens = (s: string) =>
    fold(s.replace(/([0-9#*])[\uFE0E\uFE0F]?\u20E3/gu, ' ⌨$1 ')).match(/⌨[0-9#*]|[\p{L}\p{N}]+|\p{Extended_Pictographic}/gu) ?? []
  const matches = (doc: string, q: string) => tokens(q).every((w) => tokens(doc).some((t) => t.startsWith(w)))

  it('search agrees with a scan of the model after random operation sequences', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(op, { minLength: 1, maxLength: 25 }),
        fc.constantFrom(
          'alp',
          'beta',
          'gam delta',
          'zeta alpha',
          'b',
          'ελλαδ',
          'ΕΛΛΆΔΑ',
          'ёлка zeta',
          'ел',
          '🚀',
          '❤️',
          '👍 x',
          '☀',
          '1️⃣',
          '1',
          'lodz',
          'ŁÓD',
          'sør',
          'strasse',
          'STRAẞ'
        ),
        async (ops, q) => {
          const t = tempDir()
          const node = startTestNode(t.dir)
          try {
            await addProvider(node, 'gpt')
            const model = new Map<string, { name: string; hidden: boolean; messages: string[] }>()
            const live = () => [...model.keys()]
            for (const o of ops) {
              if (o.kind === 'create') {
                const id = await createJob(node, 'gpt', undefined, { is_hidden: o.hidden })
                const inbox = (await node.get('/v2/get_inbox', { inbox_name: inboxOf(id) })).body as Inbox
                model.set(id, { name: inbox.custom_name, hidden: o.hidden, messages: [] })
                continue
              }
              const jobs = live()
              if (jobs.length === 0) continue
              const id = jobs[o.job % jobs.length]!
              const m = model.get(id)!
              if (o.kind === 'message') {
                expect((await node.post('/v2/job_message', { job_id: id, content: o.text })).status).toBe(200)
                // The first message names an inbox that still has its default name.
                const inbox = (await node.get('/v2/get_inbox', { inbox_name: inboxOf(id) })).body as Inbox
                m.name = inbox.custom_name
                m.messages.push(o.text)
              } else if (o.kind === 'rename') {
                expect((await node.post('/v2/update_smart_inbox_name', { inbox_name: inboxOf(id), custom_name: o.text })).status).toBe(200)
                m.name = o.text
              } else if (o.kind === 'hide') {
                expect((await node.post('/v2/update_job_hidden', { job_id: id, is_hidden: o.hidden })).status).toBe(200)
                m.hidden = o.hidden
              } else {
                expect((await node.post('/v2/remove_job', { job_id: id })).status).toBe(200)
                model.delete(id)
              }
            }
            for (const showHidden of [false, true]) {
              const expected = [...model.entries()]
                .filter(([, m]) => (showHidden || !m.hidden) && (matches(m.name, q) || m.messages.some((x) => matches(x, q))))
                .map(([id]) => inboxOf(id))
                .sort()
              const got = ids(await search(node, q, { show_hidden: String(showHidden), limit: '100' })).sort()
              expect(got).toEqual(expected)
            }
            // The index holds exactly the rows of what exists: nothing of a removed job remains.
            const integrity = node.store.db.prepare(`INSERT INTO inbox_search (inbox_search, rank) VALUES ('integrity-check', 1)`)
            expect(() => integrity.run()).not.toThrow()
          } finally {
            await node.close()
            t.cleanup()
          }
        }
      ),
      { numRuns: 40 }
    )
  })
})
