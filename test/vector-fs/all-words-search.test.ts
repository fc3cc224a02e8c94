import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { HttpServer } from '../../src/main/transports/http'
import type { SearchResult } from '../../src/shared/contract/vector-fs'
import { postJson } from '../support/http-post'
import { httpUploader } from '../support/http-call'
import { serveUploadsOverHttp, useEmbeddingProvider, useTestNode } from '../support/node'
import type { FileInfo } from '../../src/shared/contract/vector-fs'

const TOKEN = 'all-words-token'
const node = useTestNode()
const embeddings = useEmbeddingProvider(node)
let server: HttpServer
beforeEach(async () => {
  server = await serveUploadsOverHttp(node, TOKEN, 1024 * 1024)
})
afterEach(() => server.close())

const upload = async (name: string, text: string) => expect(await httpUploader(() => server, TOKEN)('/', name, text)).toBe(200)
async function search(text: string): Promise<string[]> {
  const res = await postJson(server.url, TOKEN, '/v2/search_items', { search: text })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return (res.body as SearchResult[]).map((h) => h.path)
}

/** A small office library: "office" and "lease" are in many notes, "renewal" and "parking" in few. */
async function officeLibrary() {
  await upload('lease.txt', 'Our office lease comes up for renewal in March; the landlord wants an answer by February.')
  await upload('passport.txt', 'Passport renewal. Renewal forms, renewal photos and the renewal fee.')
  await upload('parking.txt', 'Parking: the parking permits, parking spaces and parking fines.')
  for (let i = 0; i < 6; i++) {
    await upload(`office-${i}.txt`, `Office note ${i}: the office lease covers the office kitchen and the office printers.`)
  }
}

describe('search_items ranks passages holding more of the words searched above those holding fewer (keywords alone)', () => {
  it('a passage holding every word comes before one repeating a rare word alone', async () => {
    await officeLibrary()
    const found = await search('office lease renewal')
    expect(found[0]).toBe('/lease.txt')
    // Two of the three words, then one.
    expect(found.indexOf('/office-0.txt')).toBeLessThan(found.indexOf('/passport.txt'))
  })

  it('counts a word matched by its start, and accents off, as held', async () => {
    await officeLibrary()
    await upload('cafe.txt', 'Le café du bureau: café, café, café.')
    await upload('renewals.txt', 'Office renewals are filed with the café bureau.')
    const found = await search('renewal cafe office')
    expect(found[0]).toBe('/renewals.txt')
  })

  it("does not count the search's common words (the, for) as words held", async () => {
    await upload('team.txt', 'Notes for the team about the plan for the week.')
    await upload('desks.txt', 'Office plan: desks and chairs by window.')
    for (let i = 0; i < 6; i++) await upload(`misc-${i}.txt`, `Misc note ${i} for the archive.`)
    expect((await search('the plan for the office'))[0]).toBe('/desks.txt')
  })

  it('finds a long passage holding every word among many short ones holding some of them, past the best BM25 scores', async () => {
    // 240 short notes holding one or two of the words outscore, by BM25, a long passage of minutes holding each once.
    const filler = 'The meeting went over the budget, the hiring plan, the kitchen rota and the holiday calendar in turn. '
    await upload('minutes.txt', `${filler.repeat(4)}The office lease is up for renewal next spring. ${filler.repeat(4)}`)
    for (let i = 0; i < 120; i++) await upload(`reminder-${i}.txt`, `Renewal reminder ${i}: renewal due.`)
    for (let i = 0; i < 120; i++) await upload(`office-${i}.txt`, `Office lease note ${i}.`)
    expect((await search('office lease renewal'))[0]).toBe('/minutes.txt')
  })
})

describe('search_items with an embedding model (the test embedding server): keyword hits holding more of the words count first', () => {
  it('a passage holding one word of three no longer comes first, fused with the passages nearest in meaning', async () => {
    expect(embeddings.url).toMatch(/^http/)
    const set = await postJson(server.url, TOKEN, '/v2/update_default_embedding_model', { provider_id: 'emb', model: 'embed-small' })
    expect(set.status, JSON.stringify(set.body)).toBe(200)
    await officeLibrary()
    const until = Date.now() + 8000
    for (;;) {
      const files = (await node.get('/v2/retrieve_path_simplified', { path: '/' })).body as FileInfo[]
      if (files.every((f) => f.status === 'ready' && f.has_embeddings)) break
      if (Date.now() > until) throw new Error('embeddings not done')
      await new Promise((r) => setTimeout(r, 20))
    }
    const found = await search('office lease renewal')
    // Fused by rank with the test server's vectors (a hashed bag of words): the passport note, first by
    // keywords before, held one word of three; the notes holding two or three now come before it.
    expect(found.indexOf('/passport.txt')).toBeGreaterThanOrEqual(3)
    expect(found).toContain('/lease.txt')
  })
})
