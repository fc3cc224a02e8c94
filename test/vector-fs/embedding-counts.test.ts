import { createServer as createNetServer, type AddressInfo } from 'node:net'
import { afterEach, expect, it } from 'vitest'
import type { HttpServer } from '../../src/main/transports/http'
import { provider } from '../support/fixtures'
import { httpCaller, httpUploader } from '../support/http-call'
import { useLoopbackServer } from '../support/loopback-server'
import { serveUploadsOverHttp, startTestNode, tempDir, type TestNode } from '../support/node'

/*
 * The embedding queue's log lines and the notes it stores on files count their things in plain
 * English: one file waiting on a server that could not be reached was logged as "the 1 files
 * waiting are marked failed", and a reply short of vectors for one passage failed its file with
 * "returned 0 vectors for 1 passages". Real node on a real data dir, over its real HTTP server.
 */

const TOKEN = 'tok'
let node: TestNode | undefined
let server: HttpServer | undefined
let cleanup: (() => void) | undefined

afterEach(async () => {
  await server?.close()
  await node?.close()
  cleanup?.()
  node = server = cleanup = undefined
})

const call = httpCaller(() => server!, TOKEN)
const uploadTo = httpUploader(() => server!, TOKEN)

/** A node embedding with an OpenAI-compatible server at `url`, holding the one file uploaded. */
async function oneFileEmbeddedAt(url: string) {
  const t = tempDir()
  cleanup = t.cleanup
  node = startTestNode(t.dir)
  server = await serveUploadsOverHttp(node, TOKEN, 1 << 20)
  expect((await call('POST', '/v2/add_llm_provider', provider('emb', { external_url: url }))).status).toBe(200)
  expect((await call('POST', '/v2/update_default_embedding_model', { provider_id: 'emb', model: 'nomic-embed-text' })).status).toBe(200)
  expect(await uploadTo('/', 'note.txt', 'A note on the orchard harvest.')).toBe(200)
}

async function failedStatus(): Promise<string> {
  await expect
    .poll(async () => ((await call('GET', '/v2/vector_fs_file_states')).body as { failed: number }).failed, { timeout: 8000 })
    .toBe(1)
  const [file] = (await call('GET', '/v2/retrieve_path_simplified?path=/')).body as { status: string }[]
  return file!.status
}

async function freePort(): Promise<number> {
  const s = createNetServer()
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r))
  const port = (s.address() as AddressInfo).port
  await new Promise<void>((r) => s.close(() => r()))
  return port
}

const noVectors = useLoopbackServer((req, res) => {
  req.resume()
  req.on('end', () =>
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ object: 'list', data: [], model: 'm' }))
  )
})

it('one file waiting on a server that cannot be reached: the log says "the 1 file waiting is marked failed"', async () => {
  await oneFileEmbeddedAt(`http://127.0.0.1:${await freePort()}/v1`)
  await failedStatus()
  const line = node!.log.lines.find((l) => l.includes('marked failed'))
  expect(line).toMatch(/; the 1 file waiting is marked failed$/)
})

it('no vectors for the one passage of a file: its note says "0 vectors for 1 passage"', async () => {
  await oneFileEmbeddedAt(`${noVectors.url}/v1`)
  expect(await failedStatus()).toBe('failed: the provider returned 0 vectors for 1 passage')
})
