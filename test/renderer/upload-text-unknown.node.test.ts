// Needs Node (the real node over HTTP on 127.0.0.1, behind a proxy): named *.node.test.ts so a Node-typed config covers it.
import { request } from 'node:http'
import { QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createClient } from '../../src/renderer/src/api/client'
import { httpTransport } from '../../src/renderer/src/api/transport'
import { nodeUploader } from '../../src/renderer/src/features/files/shared-upload-queue'
import { UploadQueue, type UploadRow } from '../../src/renderer/src/features/files/upload-queue'
import { type HttpServer } from '../../src/main/transports/http'
import { useLoopbackServer } from '../support/loopback-server'
import { serveUploadsOverHttp, useTestNode } from '../support/node'

/*
 * Once the node has stored a file, the window asks it the file's passage count (to say "no text found" of a
 * scan). That question had no time limit: a node that never answered it left the row "sent; the node is reading
 * it…" and the uploads summary "Uploading" for good, and the count beside Files never went away. The row now
 * settles as stored, saying it was not checked for text, once the question fails or is not answered in time.
 */

const TOKEN = 'text-unknown-token'
const node = useTestNode()
let server: HttpServer
beforeEach(async () => {
  server = await serveUploadsOverHttp(node, TOKEN, 16 * 1024 * 1024)
})
afterEach(() => server.close())

/** What the proxy does with the passage-count question: hold it (never answer), or answer 503. */
let passageCount: 'hold' | 'fail' = 'hold'
const asked: string[] = []
/** The held questions whose connection the window closed (the proxy sees the client go). */
let closed = 0

/** A proxy on 127.0.0.1 in front of the node: every request goes through, but the passage-count question. */
const proxy = useLoopbackServer(
  (req, res) => {
    if (req.url?.startsWith('/v2/vector_fs_passage_count')) {
      asked.push(req.url)
      if (passageCount === 'fail') res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":"busy"}')
      else res.on('close', () => closed++)
      return // held: no answer ever
    }
    const upstream = new URL(server.url)
    const out = request(
      { host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: { ...req.headers, host: upstream.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      }
    )
    out.on('error', () => res.destroy())
    req.pipe(out)
  },
  { perTest: true }
)

beforeEach(() => {
  asked.length = 0
  closed = 0
})

const WAIT_MS = 400

async function uploadThroughProxy(folder: string): Promise<readonly UploadRow[]> {
  const client = createClient(httpTransport(proxy.url, TOKEN))
  await client.call('create_folder', { body: { path: '/', folder_name: folder } })
  const queue = new UploadQueue(nodeUploader(client, new QueryClient()), 4, WAIT_MS)
  const files = Array.from({ length: 6 }, (_, i) => new File([`Lease ${i}: the tenant pays on day ${i}.`], `lease-${i}.txt`))
  queue.add(`/${folder}`, files)
  await queue.idle()
  // Every file is on the node: the rows said so rightly.
  const listed = (await node.get('/v2/retrieve_path_simplified', { path: `/${folder}` })).body as { name: string }[]
  expect(listed.map((f) => f.name).sort()).toEqual(files.map((f) => f.name))
  expect(queue.waitingCount()).toBe(0)
  return queue.snapshot()
}

describe('a stored file whose passage count the node does not give', () => {
  it('never answered: its row settles as stored, not checked for text, once the wait is over', async () => {
    passageCount = 'hold'
    const started = Date.now()
    const rows = await uploadThroughProxy('Held')
    expect(asked).toHaveLength(6)
    expect(rows.map((r) => r.state)).toEqual(Array(6).fill({ kind: 'done', textUnknown: true }))
    // Not before the wait: a node slow to answer still has its time to say a scan holds no text.
    expect(Date.now() - started).toBeGreaterThanOrEqual(WAIT_MS)
    // The questions are given up with the wait: their connections are closed, not held for good (each held one of
    // the browser's 6 connections to the node, and the window's other reads queued behind a few of them).
    await expect.poll(() => closed, { timeout: 2000 }).toBe(6)
  }, 20_000)

  it('answered with a failure: its row is stored, not checked for text (not said to hold text)', async () => {
    passageCount = 'fail'
    const rows = await uploadThroughProxy('Failing')
    expect(asked).toHaveLength(6)
    expect(rows.map((r) => r.state)).toEqual(Array(6).fill({ kind: 'done', textUnknown: true }))
  }, 20_000)
})
