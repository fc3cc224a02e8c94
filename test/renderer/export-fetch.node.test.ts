// Needs Node (the real node over HTTP on 127.0.0.1): named *.node.test.ts so a Node-typed config covers it.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fetchExport } from '../../src/renderer/src/api/export-fetch'
import { type HttpServer } from '../../src/main/transports/http'
import { addProvider, createJob, serveUploadsOverHttp, useTestNode } from '../support/node'

/*
 * What the browser UI's export worker does (export.worker.ts): asks the node for an inbox's export over HTTP,
 * reads its JSON and makes the content a Blob, so that the window only gets the Blob to download. The Blob
 * holds exactly the node's export; the node's errors come back as its status and error body, and a node
 * that never answered as status 0 with the fetch's words (the window turns each into the sentence it shows).
 */

const TOKEN = 'export-token'
const node = useTestNode({ setup: (n) => addProvider(n, 'gpt') })
let server: HttpServer
let inbox: string

beforeEach(async () => {
  server = await serveUploadsOverHttp(node, TOKEN, 1024 * 1024)
  const jobId = await createJob(node, 'gpt')
  inbox = `job_inbox::${jobId}::false`
  await node.post('/v2/update_smart_inbox_name', { inbox_name: inbox, custom_name: 'Budget review' })
  // Quotes, new lines, tabs and text outside ASCII: escaped in the JSON answer, as written in the file.
  await node.post('/v2/job_message', { job_id: jobId, content: 'What did we spend in "May"?\n\tCafé — €12 👨‍👩‍👧' })
})
afterEach(() => server.close())

const url = () => `${server.url}/v2/export_messages_from_inbox`

describe('the export worker’s fetch', () => {
  it('gives the node’s file name and its content exactly, as a Blob of the type asked, for each format', async () => {
    for (const [format, type] of [
      ['json', 'application/json'],
      ['markdown', 'text/markdown'],
      ['txt', 'text/plain']
    ] as const) {
      const expected = (await node.post('/v2/export_messages_from_inbox', { inbox_name: inbox, format })).body as {
        filename: string
        content: string
      }
      const reply = await fetchExport({ url: url(), token: TOKEN, body: { inbox_name: inbox, format }, type })
      if (!('blob' in reply)) throw new Error(`no blob: ${JSON.stringify(reply)}`)
      expect(reply.status).toBe(200)
      expect(reply.filename).toBe(expected.filename)
      expect(reply.blob.type).toBe(type)
      expect(await reply.blob.text()).toBe(expected.content)
    }
  })

  it('gives the node’s error body for a missing inbox (404), a wrong format (400) and a missing token (401)', async () => {
    const missing = await fetchExport({
      url: url(),
      token: TOKEN,
      body: { inbox_name: 'job_inbox::nope::false', format: 'json' },
      type: 'x'
    })
    expect(missing).toEqual({ status: 404, body: { code: 404, error: 'Not Found', message: expect.stringContaining('nope') as string } })
    const wrong = await fetchExport({ url: url(), token: TOKEN, body: { inbox_name: inbox, format: 'pdf' }, type: 'x' })
    expect(wrong).toMatchObject({
      status: 400,
      body: { code: 400, error: 'Bad Request', message: expect.stringMatching(/^format: /) as string }
    })
    const refused = await fetchExport({ url: url(), token: null, body: { inbox_name: inbox, format: 'json' }, type: 'x' })
    expect(refused).toMatchObject({ status: 401, body: { code: 401 } })
  })

  it('a node that does not answer is status 0 with the fetch’s own words, not a throw', async () => {
    const gone = url()
    await server.close()
    const reply = await fetchExport({ url: gone, token: TOKEN, body: { inbox_name: inbox, format: 'json' }, type: 'x' })
    expect(reply).toMatchObject({ status: 0, failure: expect.any(String) as string })
  })

  it('an answer of 200 that is not the export (a page, cut short) is told as a plain error, not a promise that never settles', async () => {
    for (const [body, why] of [
      ['<html>proxy</html>', 'it is not JSON'],
      ['{"filename": "a.json", "con', 'it is not JSON'],
      ['{"filename": 5, "content": "x"}', 'it has no file name and content']
    ] as const) {
      const proxy = createServer((_, res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end(body))
      await new Promise<void>((up) => proxy.listen(0, '127.0.0.1', up))
      try {
        const reply = await fetchExport({
          url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/v2/export_messages_from_inbox`,
          token: TOKEN,
          body: { inbox_name: inbox, format: 'json' },
          type: 'x'
        })
        expect(reply).toEqual({
          status: 502,
          body: { code: 502, error: 'Bad Gateway', message: `The node's answer could not be read as an export: ${why}.` }
        })
      } finally {
        await new Promise((closed) => proxy.close(closed))
      }
    }
  })
})
