import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { HttpServer } from '../../src/main/transports/http'
import type { SearchResult } from '../../src/shared/contract/vector-fs'
import { callJson } from '../support/http-post'
import { addProvider, createJob, serveUploadsOverHttp, useTestNode } from '../support/node'

/*
 * Letters whose stroke is part of the letter (ł ø đ ħ ı) do not decompose, so taking accents off left
 * them as they were: "lodz" missed "Łódź", "soren" missed "Søren", "da nang" missed "Đà Nẵng". Nor did
 * "strasse" find "Straße", or "coeur" "cœur". Each is found now by its plain letters and as written.
 */

const TOKEN = 'plain-letters'
const node = useTestNode({ setup: (n) => addProvider(n, 'gpt') })
let server: HttpServer
beforeEach(async () => {
  server = await serveUploadsOverHttp(node, TOKEN, 1024 * 1024)
})
afterEach(() => server.close())

const TEXTS = {
  polish: 'Spotkanie w Łódź we wtorek',
  danish: 'Brev fra Søren om haven',
  vietnamese: 'Chuyến đi Đà Nẵng tháng sau',
  german: 'Die Straße ist gesperrt',
  french: 'Le cœur du problème',
  maltese: 'Il-ħobż tal-Malti',
  turkish: 'Kırmızı ışık'
} as const
type Place = keyof typeof TEXTS

/** Each kind of search, and which text each query finds: all by their plain letters and as written. */
const QUERIES: readonly (readonly [string, Place])[] = [
  ['lodz', 'polish'],
  ['łódź', 'polish'],
  ['LODZ', 'polish'],
  ['soren', 'danish'],
  ['SØREN', 'danish'],
  ['da nang', 'vietnamese'],
  ['đà nẵng', 'vietnamese'],
  ['strasse', 'german'],
  ['straße', 'german'],
  ['coeur', 'french'],
  ['hobz', 'maltese'],
  ['kirmizi isik', 'turkish']
]

describe('search over HTTP finds letters with a stroke, and ß æ œ þ, by their plain letters', () => {
  it('search_inboxes', async () => {
    const inboxOf = new Map<string, Place>()
    for (const place of Object.keys(TEXTS) as Place[]) {
      const job = await createJob(node, 'gpt')
      inboxOf.set(`job_inbox::${job}::false`, place)
      expect((await node.post('/v2/job_message', { job_id: job, content: TEXTS[place] })).status).toBe(200)
    }
    // A name is indexed as messages are.
    const named = await createJob(node, 'gpt')
    await node.post('/v2/update_smart_inbox_name', { inbox_name: `job_inbox::${named}::false`, custom_name: 'Ærø trip' })
    // search_inboxes matches word prefixes (search_items whole words).
    for (const [q, place] of [...QUERIES, ['lod', 'polish'], ['SØR', 'danish'], ['aero', 'name']] as const) {
      const res = await callJson(server.url, TOKEN, 'GET', '/v2/search_inboxes', undefined, { q })
      expect(res.status, q).toBe(200)
      const hits = res.body as { inbox: { inbox_id: string }; snippet: string }[]
      expect(
        hits.map((h) => inboxOf.get(h.inbox.inbox_id) ?? 'name'),
        q
      ).toEqual([place])
      // The snippet is the text as written.
      expect(hits[0]!.snippet, q).toBe(place === 'name' ? 'Ærø trip' : TEXTS[place])
    }
    // A text written with the plain letters is found by the letters as written too.
    const plain = await createJob(node, 'gpt')
    await node.post('/v2/job_message', { job_id: plain, content: 'Tram to Lodz, then Strasse 5' })
    const both = await callJson(server.url, TOKEN, 'GET', '/v2/search_inboxes', undefined, { q: 'Łódź' })
    expect((both.body as unknown[]).length).toBe(2)
    const street = await callJson(server.url, TOKEN, 'GET', '/v2/search_inboxes', undefined, { q: 'STRAẞE' })
    expect((street.body as unknown[]).length).toBe(2)
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
    for (const [search, place] of QUERIES) {
      const res = await callJson(server.url, TOKEN, 'POST', '/v2/search_items', { search })
      expect(res.status, search).toBe(200)
      expect(
        (res.body as SearchResult[]).map((h) => [h.path, h.text]),
        search
      ).toEqual([[`/${place}.txt`, TEXTS[place]]])
    }
  })
})
