import { expect, it } from 'vitest'
import type { Inbox } from '../../src/shared/contract/inbox'
import { searchWords } from '../../src/shared/search-fold'
import { searchMarks } from '../../src/shared/search-matches'
import { addProvider, createJob, useTestNode } from '../support/node'

/*
 * A run of Chinese or Japanese is searched as the phrase of its characters, each a word of the index,
 * and FTS5 ranks a phrase by reading every position of each of its words in every text holding them
 * all. A pasted Japanese sentence of 200 characters over long Japanese messages held the node's one
 * thread for seconds (every other request, the window's included, waited). The query now takes a
 * phrase's first 16 characters, and the texts it finds are checked for the whole word.
 */

const node = useTestNode({ setup: (n) => addProvider(n, 'gpt') })
const inboxOf = (job: string) => `job_inbox::${job}::false`
const search = async (q: string) => {
  const res = await node.get('/v2/search_inboxes', { q, limit: '10' })
  expect(res.status).toBe(200)
  return (res.body as { inbox: Inbox; snippet: string }[]).map((h) => h.inbox.inbox_id)
}

it('a long Japanese search over long Japanese messages answers at once, and every word still matches whole', async () => {
  const RUN = '日本語のテキスト'
  const busy = await createJob(node, 'gpt')
  // Stored through the chain as job_message stores them, without a provider's answers.
  node.ctx.store.db.transaction(() => {
    for (let i = 0; i < 1500; i++) node.ctx.chain.append({ inboxId: inboxOf(busy), jobId: busy, content: `${i} ${RUN.repeat(220)}` })
  })()
  // The query's first 16 characters, then others: no match, though the index was asked for those 16 only.
  const near = await createJob(node, 'gpt')
  node.ctx.chain.append({ inboxId: inboxOf(near), jobId: near, content: `${RUN.repeat(2)}違う話です` })

  const t0 = performance.now()
  expect(await search(RUN.repeat(25))).toEqual([inboxOf(busy)])
  // About 0.45 s on a quiet machine (the index reading the 16 characters' places in every message); the whole
  // phrase took 2.8 s. Room for a loaded machine between the two.
  expect(performance.now() - t0).toBeLessThan(1500)
  expect(await search(RUN.repeat(3))).toEqual([inboxOf(busy)])
  // Up to 16 characters, the phrase is searched as typed.
  expect((await search(RUN.repeat(2))).sort()).toEqual([inboxOf(busy), inboxOf(near)].sort())
}, 60_000)

it('a long Japanese search that no message holds, though many begin as it does, answers at once', async () => {
  // Its first 16 characters are in every message: each was read and checked for the whole word (a second
  // for 1,500 messages, the node's one thread held), where the index alone could tell none holds "違う話".
  const RUN = '日本語のテキスト'
  const busy = await createJob(node, 'gpt')
  node.ctx.store.db.transaction(() => {
    for (let i = 0; i < 1500; i++) node.ctx.chain.append({ inboxId: inboxOf(busy), jobId: busy, content: `${i} ${RUN.repeat(220)}` })
  })()
  const t0 = performance.now()
  expect(await search(`${RUN.repeat(2)}違う話`)).toEqual([])
  // Well past the few milliseconds it takes; the reading of every message took over a second.
  expect(performance.now() - t0).toBeLessThan(300)
  // The words after the first 16 narrow the texts read; a text holding the whole word is still found.
  expect(await search(`${RUN.repeat(2)}日本`)).toEqual([inboxOf(busy)])
}, 60_000)

it('a long Japanese search typed without the text’s punctuation is found as the index finds it, and marked across it', async () => {
  // The index keeps no separators: a phrase of its words matches across "。", and the check for the
  // whole word must too, or a search past 16 characters finds nothing the index found.
  const job = await createJob(node, 'gpt')
  node.ctx.chain.append({ inboxId: inboxOf(job), jobId: job, content: '日本語のテキスト。'.repeat(4) })
  expect(await search('日本語のテキスト'.repeat(3))).toEqual([inboxOf(job)])
  const text = 'これは日本語のテキスト。日本語です'
  expect([...searchMarks(text, searchWords('テキスト日本語'))]).toEqual([{ start: 7, end: 15 }])
  expect([...searchMarks('abc 日本', searchWords('abc日本'))]).toEqual([{ start: 0, end: 6 }])
})
