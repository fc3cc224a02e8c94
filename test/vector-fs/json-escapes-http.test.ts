import { describe, expect, it } from 'vitest'
import { httpCaller } from '../support/http-call'
import { useUploadServer, useTestNode } from '../support/node'

/*
 * api-contract.md, VectorFS: a .json upload is stored with "its text extracted and cut into
 * passages: it is then searchable by keywords at once". Its text was the file as written, and
 * JSON written by Python's json.dump (ensure_ascii, the default) or many exporters spells every
 * letter outside ASCII as \u escapes: "caf\u00e9 cr\u00e8me" was indexed as such, so a search for
 * "café" found nothing and answers quoted the escapes. The \u escapes are now read as the
 * characters they spell; the rest of the file is kept as written.
 */
const TOKEN = 'json-escapes-token'
const node = useTestNode()
const uploads = useUploadServer(node, TOKEN, 1024 * 1024)
const call = httpCaller(() => uploads.server, TOKEN)

async function upload(filename: string, text: string) {
  const res = await uploads.upload('/', filename, text)
  expect(res.status, JSON.stringify(res.body)).toBe(200)
}

const search = async (search: string) => {
  const res = await call<{ path: string; text: string }[]>('POST', '/v2/search_items', { search, path: '/' })
  expect(res.status).toBe(200)
  return res.body
}

describe('a JSON file whose text is written with \\u escapes', () => {
  it('is found by the words the escapes spell, and its passage shows the characters', async () => {
    // As Python writes json.dumps({"menu": "café crème", "city": "Zürich 😀", "path": "C:\\u00e9", "tab": "a\tb"}).
    const written = String.raw`{"menu": "caf\u00e9 cr\u00E8me", "city": "Z\u00fcrich \ud83d\ude00", "path": "C:\\u00e9", "tab": "a\tb", "lone": "\ud800"}`
    expect(JSON.parse(written)).toMatchObject({ menu: 'café crème', path: 'C:\\u00e9' })
    await upload('menu.json', written)
    const [hit] = await search('café crème')
    expect(hit?.path).toBe('/menu.json')
    // Only \u escapes are read: an escaped backslash before "u" stays (C:\\u00e9), as do \t and a lone surrogate's escape.
    expect(hit?.text).toBe(String.raw`{"menu": "café crème", "city": "Zürich 😀", "path": "C:\\u00e9", "tab": "a\tb", "lone": "\ud800"}`)
    expect((await search('zürich')).map((h) => h.path)).toEqual(['/menu.json'])
  })
})
