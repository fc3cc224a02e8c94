import Database from 'better-sqlite3'
import { execFileSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { Agent, createServer, request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startEmbeddedNode } from '../src/main/embedded-node'
import { silentLogger } from '../src/main/platform/logger'
import { aesFileSecretBox } from '../src/main/store/secret-box'
import { startHttpServer } from '../src/main/transports/http'
import { startFakeLlm } from '../test/support/fake-llm'
import { createJobBody, provider } from '../test/support/fixtures'

/** `clients` loops, each sending `perClient` requests one after another, over keep-alive connections; resolves with the ms it took. */
export async function hammer(
  url: string,
  headers: Record<string, string>,
  bodies: (client: number, i: number) => string,
  clients: number,
  perClient: number
) {
  const agent = new Agent({ keepAlive: true, maxSockets: clients })
  const post = (body: string) =>
    new Promise<void>((done, fail) => {
      const req = request(
        url,
        { method: 'POST', agent, headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), ...headers } },
        (res) => {
          const chunks: Buffer[] = []
          res.on('data', (c: Buffer) => chunks.push(c))
          res.on('end', () =>
            res.statusCode === 200 ? done() : fail(new Error(`${url}: ${res.statusCode} ${Buffer.concat(chunks).toString()}`))
          )
        }
      )
      req.on('error', fail)
      req.end(body)
    })
  const t0 = performance.now()
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      for (let i = 0; i < perClient; i++) await post(bodies(c, i))
    })
  )
  const ms = performance.now() - t0
  agent.destroy()
  return ms
}

/**
 * Every server here waits for the disk on each commit. The benches before this one write gigabytes
 * (1,000,000 messages): while the kernel still writes those back, each flush waits 3x longer, which
 * cut the 1-insert floor (a flush per request) from about 2,900 to 877 requests/s and made any server
 * that groups its commits look closer to it than it is. Both are measured on a settled disk.
 */
export function settleDisk() {
  try {
    execFileSync('sync')
  } catch {
    /* no sync(1) here (Windows): measured as the disk is */
  }
}

/**
 * The throughput bench as it was measured before bench/throughput.ts: the node, the bare servers,
 * the clients and the provider all in this one process (run through tsx, the provider calls in a
 * worker from the sources), so the node's main thread also runs the clients and the provider.
 * Kept beside the figure for the node as it ships, to compare with earlier runs.
 */
export async function benchJobMessageThroughputInProcess(
  clients = 32,
  perClient = 40
): Promise<{ readonly oursPerSec: number; readonly floorPerSec: number }> {
  settleDisk()
  const fake = await startFakeLlm()
  fake.behaviour = { type: 'reply', chunks: ['ok'] }
  const dir = mkdtempSync(join(tmpdir(), 'nodedesk-bench-tp-'))
  const node = startEmbeddedNode({ dataDir: dir, secrets: aesFileSecretBox(join(dir, 'k')), version: 'bench', log: silentLogger })
  const token = 'bench-token'
  const http = await startHttpServer({ router: node.router, token, port: 0, log: silentLogger })
  await node.router.handle({
    method: 'POST',
    path: '/v2/add_llm_provider',
    body: provider('fake', { external_url: fake.url, api_key: 'k' })
  })
  const jobs: string[] = []
  for (let c = 0; c < clients; c++) {
    jobs.push(
      ((await node.router.handle({ method: 'POST', path: '/v2/create_job', body: createJobBody('fake') })).body as { job_id: string })
        .job_id
    )
  }
  // Cheap to ask (the partial index of waiting questions), and asked rarely: the poll is not part of what is measured.
  const waiting = node.store.db.prepare<[], number>(`SELECT EXISTS (SELECT 1 FROM messages WHERE needs_answer = 1)`).pluck()
  const allAnswered = async () => {
    while (waiting.get()) await new Promise((r) => setTimeout(r, 10))
  }
  const content = (c: number, i: number) =>
    JSON.stringify({ job_id: jobs[c], content: `question ${i} from client ${c}: what is the status?` })
  await hammer(`${http.url}/v2/job_message`, { Authorization: `Bearer ${token}` }, content, clients, 2) // warm-up
  await allAnswered()
  const t0 = performance.now()
  await hammer(`${http.url}/v2/job_message`, { Authorization: `Bearer ${token}` }, content, clients, perClient)
  await allAnswered()
  const ours = performance.now() - t0
  await http.close()
  await node.close()
  await fake.close()

  // The floor: the same requests, one insert each, same pragmas.
  const db = new Database(join(dir, 'floor.sqlite'))
  db.pragma('journal_mode = WAL')
  db.pragma('synchronous = FULL')
  db.exec(`CREATE TABLE messages (seq INTEGER PRIMARY KEY, inbox_id TEXT NOT NULL, hash TEXT NOT NULL UNIQUE, message_json TEXT NOT NULL)`)
  const insert = db.prepare(`INSERT INTO messages (inbox_id, hash, message_json) VALUES (?, ?, ?)`)
  const bare = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { job_id: string; content: string }
      insert.run(body.job_id, randomUUID(), JSON.stringify(body))
      res.writeHead(200, { 'Content-Type': 'application/json' })
      res.end('{"ok":true}')
    })
  })
  await new Promise<void>((r) => bare.listen(0, '127.0.0.1', r))
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`
  await hammer(bareUrl, {}, content, clients, 2)
  const floor = await hammer(bareUrl, {}, content, clients, perClient)
  bare.close()
  db.close()
  rmSync(dir, { recursive: true, force: true })
  const requests = clients * perClient
  return { oursPerSec: (requests / ours) * 1000, floorPerSec: (requests / floor) * 1000 }
}

if (process.argv[1]?.endsWith('throughput-in-process.ts')) {
  void benchJobMessageThroughputInProcess().then((f) => console.log(f, `ratio ${(f.oursPerSec / f.floorPerSec).toFixed(2)}x`))
}
