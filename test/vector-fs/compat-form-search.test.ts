import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { HttpServer } from '../../src/main/transports/http'
import type { SearchResult } from '../../src/shared/contract/vector-fs'
import { postJson } from '../support/http-post'
import { serveUploadsOverHttp, useTestNode } from '../support/node'

const TOKEN = 'compat-token'
const node = useTestNode()
let server: HttpServer
beforeEach(async () => {
  server = await serveUploadsOverHttp(node, TOKEN, 1024 * 1024)
})
afterEach(() => server.close())

// Text taken from PDFs often keeps the typesetter's ligatures (ﬁ ﬂ ﬃ); full-width letters come from CJK input.
const TEXT = 'Quarterly \uFB01nance report for \uFF21\uFF23\uFF2D\uFF25 corp: o\uFB03ce supplies and \uFB02ights.'

describe('search_items over a passage with ligatures and full-width letters, over HTTP', () => {
  it('finds it by the plain words and by the words as written', async () => {
    const form = new FormData()
    form.append('path', '/')
    form.append('filename', 'report.txt')
    form.append('file_data', new Blob([TEXT]), 'report.txt')
    const up = await fetch(`${server.url}/v2/upload_file_to_folder`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${TOKEN}` },
      body: form
    })
    expect(up.status).toBe(200)
    // Before: none of these found it (the query was put in compatibility form, the passage was indexed as written).
    for (const search of ['finance', '\uFB01nance', 'acme', '\uFF21\uFF23\uFF2D\uFF25', 'office', 'flights']) {
      const res = await postJson(server.url, TOKEN, '/v2/search_items', { search })
      expect(res.status).toBe(200)
      expect(
        (res.body as SearchResult[]).map((h) => [h.path, h.text]),
        search
      ).toEqual([['/report.txt', TEXT]])
    }
  })
})
