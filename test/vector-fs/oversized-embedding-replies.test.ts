import type { ServerResponse } from 'node:http'
import { gzipSync } from 'node:zlib'
import { expect, it } from 'vitest'
import type { FileInfo } from '../../src/shared/contract/vector-fs'
import { useLoopbackServer } from '../support/loopback-server'
import { addProvider, useTestNode } from '../support/node'

/*
 * An embedding server (or what answers at its address) replies without end, or with a small gzip
 * body that expands to far more. Every other provider reply has a size limit; embedding replies had
 * none, so the node read the whole reply into memory: a 2 GB reply took the headless node to 5.9 GB
 * of RSS. Now the reply stops at a size no embedding of the texts sent can need, and the file fails
 * with a plain sentence. Real node, real HTTP server, real gzip.
 */

const MIB = 1024 * 1024
/** What the flooding server sends at most, far past what one text's embedding can take. */
const FLOOD = 100 * MIB
const HEAD = '{"object":"list","data":[{"object":"embedding","index":0,"embedding":[0.1'
let written = 0
let gzip = false
const bomb = gzipSync(Buffer.concat([Buffer.from(HEAD), Buffer.alloc(FLOOD, ',0.1'), Buffer.from(']}]}')]))

function flood(res: ServerResponse) {
  res.writeHead(200, { 'Content-Type': 'application/json' })
  res.write(HEAD)
  const chunk = ',0.1'.repeat(64 * 1024)
  const pump = () => {
    while (written < FLOOD) {
      written += chunk.length
      if (!res.write(chunk)) return void res.once('drain', pump)
    }
    res.end(']}]}')
  }
  pump()
}

const server = useLoopbackServer(
  (req, res) => {
    req.resume()
    req.on('end', () => {
      if (!req.url?.endsWith('/embeddings')) return void res.writeHead(404).end()
      if (gzip) res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' }).end(bomb)
      else flood(res)
    })
  },
  { perTest: true }
)
const node = useTestNode({ vectorFs: { queue: { batchSize: 4, backoffMs: 5, maxBackoffMs: 20, maxAttempts: 1 } } })

async function embedOne(): Promise<string | null> {
  written = 0
  await addProvider(node, 'emb', { external_url: `${server.url}/v1`, api_key: 'sk-emb' })
  expect((await node.post('/v2/update_default_embedding_model', { provider_id: 'emb', model: 'text-embedding-3-small' })).status).toBe(200)
  const file = { path: '/', filename: 'notes.txt', file_data: new TextEncoder().encode('Maria leads the Falcon project.') }
  expect((await node.post('/v2/upload_file_to_folder', file)).status).toBe(200)
  let status: string | null = 'processing'
  await expect
    .poll(
      async () => {
        const files = (await node.get('/v2/retrieve_path_simplified', { path: '/' })).body as FileInfo[]
        status = files[0]?.status ?? null
        return status
      },
      { timeout: 20_000 }
    )
    .not.toBe('processing')
  return status
}

it('a reply without end stops being read at the limit: the file fails saying the reply was too large', async () => {
  gzip = false
  const status = await embedOne()
  expect(status).toMatch(/^failed: .*sent an embedding reply larger than 2 MiB for one text/)
  // What the socket buffers take on top of the limit, not the flood.
  expect(written).toBeLessThan(16 * MIB)
})

it('a small gzip reply that expands past the limit stops being read: the file fails saying the reply was too large', async () => {
  gzip = true
  const status = await embedOne()
  expect(status).toMatch(/^failed: .*sent an embedding reply larger than 2 MiB for one text/)
})
