import { afterEach, beforeEach, expect, it } from 'vitest'
import type { HttpServer } from '../../src/main/transports/http'
import type { SearchResult } from '../../src/shared/contract/vector-fs'
import { callJson } from '../support/http-post'
import { addProvider, createJob, serveUploadsOverHttp, useTestNode } from '../support/node'

/*
 * Text pasted from a PDF holds ﬁ and ﬂ ligatures, text typed with East Asian input full-width
 * letters. The library search found them by plain words (compatibility form, 1a353f2), the inbox
 * search did not: a message holding "ﬁnance" or "ＡＣＭＥ" was found by neither "finance" nor "acme".
 */

const TOKEN = 'compat-form'
const node = useTestNode({ setup: (n) => addProvider(n, 'gpt') })
let server: HttpServer
beforeEach(async () => {
  server = await serveUploadsOverHttp(node, TOKEN, 1024 * 1024)
})
afterEach(() => server.close())

const searchInboxes = async (q: string) => {
  const res = await callJson(server.url, TOKEN, 'GET', '/v2/search_inboxes', undefined, { q })
  expect(res.status, q).toBe(200)
  return res.body as { inbox: { inbox_id: string }; snippet: string }[]
}

it('search_inboxes finds ligatures, full-width letters and circled digits by their plain words, in messages and names', async () => {
  const texts = {
    ligature: 'Quarterly \uFB01nance review, \uFB02ow of funds',
    fullWidth: 'Invoice from \uFF21\uFF23\uFF2D\uFF25 Corporation',
    circled: 'Agenda: \u2460 budget, x\u00B2 growth',
    catalan: 'La co\u0140lecci\u00F3 del museu'
  }
  const inboxOf: Record<string, string> = {}
  for (const [key, content] of Object.entries(texts)) {
    const job = await createJob(node, 'gpt')
    inboxOf[`job_inbox::${job}::false`] = key
    expect((await node.post('/v2/job_message', { job_id: job, content })).status).toBe(200)
  }
  const named = await createJob(node, 'gpt')
  inboxOf[`job_inbox::${named}::false`] = 'name'
  await node.post('/v2/update_smart_inbox_name', {
    inbox_name: `job_inbox::${named}::false`,
    custom_name: '\uFF2E\uFF4F\uFF54\uFF45\uFF53 on \uFB01ling'
  })

  const cases: readonly (readonly [string, string])[] = [
    ['finance', 'ligature'],
    ['fin', 'ligature'],
    ['\uFB01nance', 'ligature'],
    ['flow', 'ligature'],
    ['acme', 'fullWidth'],
    ['ACME corp', 'fullWidth'],
    ['\uFF41\uFF43\uFF4D\uFF45', 'fullWidth'],
    ['1 budget', 'circled'],
    ['x2', 'circled'],
    ['colleccio', 'catalan'],
    ['co\u0140lecci\u00F3', 'catalan'],
    ['notes filing', 'name']
  ]
  for (const [q, key] of cases) {
    const hits = await searchInboxes(q)
    expect(
      hits.map((h) => inboxOf[h.inbox.inbox_id]),
      q
    ).toEqual([key])
    // The snippet is the text as written.
    expect(hits[0]!.snippet, q).toBe(key === 'name' ? '\uFF2E\uFF4F\uFF54\uFF45\uFF53 on \uFB01ling' : texts[key as keyof typeof texts])
  }
})

it('search_items and search_inboxes agree on Catalan ŀ: "colleccio" finds it in both', async () => {
  const text = 'La co\u0140lecci\u00F3 del museu'
  const form = new FormData()
  form.append('path', '/')
  form.append('filename', 'museu.txt')
  form.append('file_data', new Blob([text]), 'museu.txt')
  const up = await fetch(`${server.url}/v2/upload_file_to_folder`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${TOKEN}` },
    body: form
  })
  expect(up.status).toBe(200)
  const job = await createJob(node, 'gpt')
  await node.post('/v2/job_message', { job_id: job, content: text })
  for (const search of ['colleccio', 'co\u0140lecci\u00F3']) {
    const items = await callJson(server.url, TOKEN, 'POST', '/v2/search_items', { search })
    expect(
      (items.body as SearchResult[]).map((h) => h.text),
      search
    ).toEqual([text])
    expect(
      (await searchInboxes(search)).map((h) => h.inbox.inbox_id),
      search
    ).toEqual([`job_inbox::${job}::false`])
  }
  // "col" and "leccio" were words of the library's index (NFKC writes ŀ as l·): now one word, which
  // "col" begins (found, as a word start) and "leccio" does not.
  const leccio = await callJson(server.url, TOKEN, 'POST', '/v2/search_items', { search: 'leccio' })
  expect(leccio.body).toEqual([])
})
