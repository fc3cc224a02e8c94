import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { HttpServer } from '../../src/main/transports/http'
import type { SearchResult } from '../../src/shared/contract/vector-fs'
import { callJson } from '../support/http-post'
import { addProvider, createJob, serveUploadsOverHttp, useTestNode } from '../support/node'

/*
 * Chinese and Japanese are written without spaces, and the tokenizer took a whole run for one word:
 * "テキスト" did not find "日本語のテキスト", nor "数据" "我们的数据库"; only a run's first word was
 * found. Each such character is a word of its own now, and a search's run of them a phrase.
 */

const TOKEN = 'cjk-search'
const node = useTestNode({ setup: (n) => addProvider(n, 'gpt') })
let server: HttpServer
beforeEach(async () => {
  server = await serveUploadsOverHttp(node, TOKEN, 1024 * 1024)
})
afterEach(() => server.close())

const TEXTS = {
  japanese: '日本語のテキストを検索します',
  chinese: '我们的数据库需要每天备份',
  mixed: 'Windows10対応のアプリとテキストabcの例',
  latin: 'Le café du quartier ouvre tôt'
} as const
type Place = keyof typeof TEXTS

/** Each query and the texts it finds, in both searches: words inside a run, across scripts, and none. */
const QUERIES: readonly (readonly [string, readonly Place[]])[] = [
  ['テキスト', ['japanese', 'mixed']],
  ['検索', ['japanese']],
  ['日本語', ['japanese']],
  ['語のテ', ['japanese']],
  ['数据', ['chinese']],
  ['数据库', ['chinese']],
  ['每天备份', ['chinese']],
  ['对应', []],
  ['データ', []],
  ['数据 备份', ['chinese']],
  ['数据 检索', []],
  ['备份数据', []],
  ['windows10対応', ['mixed']],
  ['対応', ['mixed']],
  ['テキストabc', ['mixed']],
  ['abcの例', ['mixed']],
  ['アプリ windows10', ['mixed']],
  ['cafe', ['latin']],
  ['QUARTIER', ['latin']]
]

const sorted = (places: readonly Place[]) => [...places].sort()

describe('search over HTTP finds Chinese and Japanese words inside a run', () => {
  it('search_inboxes, with the snippet starting near the match', async () => {
    const placeOf = new Map<string, Place>()
    for (const place of Object.keys(TEXTS) as Place[]) {
      const job = await createJob(node, 'gpt')
      placeOf.set(`job_inbox::${job}::false`, place)
      expect((await node.post('/v2/job_message', { job_id: job, content: TEXTS[place] })).status).toBe(200)
    }
    const search = async (q: string) => {
      const res = await callJson(server.url, TOKEN, 'GET', '/v2/search_inboxes', undefined, { q })
      expect(res.status, q).toBe(200)
      return res.body as { inbox: { inbox_id: string }; snippet: string }[]
    }
    // search_inboxes matches word prefixes: a Latin word at a run's end too.
    for (const [q, places] of [...QUERIES, ['テキストa', ['mixed']], ['caf', ['latin']], ['windows1', ['mixed']]] as const) {
      const hits = await search(q)
      expect(sorted(hits.map((h) => placeOf.get(h.inbox.inbox_id)!)), q).toEqual(sorted(places))
    }
    // A name is indexed as messages are.
    const named = await createJob(node, 'gpt')
    await node.post('/v2/update_smart_inbox_name', { inbox_name: `job_inbox::${named}::false`, custom_name: '来週の会議資料' })
    expect((await search('会議')).map((h) => h.inbox.inbox_id)).toEqual([`job_inbox::${named}::false`])
    // A long message's snippet starts a little before the match, not at the start of the run.
    const long = await createJob(node, 'gpt')
    const text = `${'これは長い前置きの文章です。'.repeat(30)}ここに大切な結論があります。${'後書き'.repeat(100)}`
    await node.post('/v2/job_message', { job_id: long, content: text })
    const [hit] = await search('大切な結論')
    expect(hit!.inbox.inbox_id).toBe(`job_inbox::${long}::false`)
    expect(hit!.snippet.startsWith('…')).toBe(true)
    expect(hit!.snippet.indexOf('大切な結論')).toBeGreaterThan(0)
    expect(hit!.snippet.indexOf('大切な結論')).toBeLessThanOrEqual(41)
  })

  it('search_items', async () => {
    for (const place of Object.keys(TEXTS) as Place[]) {
      const form = new FormData()
      form.append('path', '/')
      form.append('filename', `${place}.txt`)
      form.append('file_data', new Blob([TEXTS[place]]), `${place}.txt`)
      const up = await fetch(`${server.url}/v2/upload_file_to_folder`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${TOKEN}` },
        body: form
      })
      expect(up.status).toBe(200)
    }
    // search_items matches any of the words, each whole.
    for (const [search, places] of [...QUERIES.filter(([q]) => !q.includes(' ')), ['检索 备份', ['chinese']]] as const) {
      const res = await callJson(server.url, TOKEN, 'POST', '/v2/search_items', { search })
      expect(res.status, search).toBe(200)
      const hits = res.body as SearchResult[]
      expect(sorted(hits.map((h) => h.path.slice(1, -4) as Place)), search).toEqual(sorted(places))
      for (const h of hits) expect(h.text).toBe(TEXTS[h.path.slice(1, -4) as Place])
    }
  })
})
