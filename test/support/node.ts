import { createHash } from 'node:crypto'
import { STATUS_CODES } from 'node:http'
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { format } from 'node:util'
import { assembleNode, type NodePartsOptions } from '../../src/main/embedded-node'
import type { NodeApi } from '../../src/main/node-api'
import type { Logger } from '../../src/main/platform/logger'
import type { NodeResponse } from '../../src/main/node-api/router'
import { startHttpServer, type HttpServer } from '../../src/main/transports/http'
import { openStore, type Store } from '../../src/main/store'
import { aesFileSecretBox } from '../../src/main/store/secret-box'
import type { RunningRuntime, RuntimeOptions } from '../../src/main/runtime/answer-runtime'
import type { Inbox } from '../../src/shared/contract/inbox'
import type { ErrorBody } from '../../src/shared/contract/error'
import type { FileInfo } from '../../src/shared/contract/vector-fs'
import { startFakeEmbeddings, type FakeEmbeddings } from './fake-embeddings'
import { startFakeLlm, type FakeLlm } from './fake-llm'
import { createJobBody, provider } from './fixtures'

export function tempDir(prefix = 'nodedesk-test-'): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) }
}

export interface CapturingLogger extends Logger {
  readonly lines: string[]
}

export function capturingLogger(): CapturingLogger {
  const lines: string[] = []
  return {
    lines,
    info: (line) => lines.push(line),
    error: (line, err) => lines.push(`${line} ${err instanceof Error ? err.stack : format(err ?? '')}`)
  }
}

export interface TestNode extends NodeApi {
  readonly dir: string
  readonly store: Store
  readonly log: CapturingLogger
  get(path: string, query?: Record<string, string>): Promise<NodeResponse>
  post(path: string, body: unknown): Promise<NodeResponse>
  readonly runtime?: RunningRuntime
  /** Reopens the store from the same data dir (a restart). */
  reopen(): TestNode
  close(): Promise<void>
}

export interface TestNodeOptions {
  /** Start the answer runtime (off by default: most tests look at the API alone). */
  readonly runtime?: RuntimeOptions
  /** The document library's embedders, queue timing and upload limit. */
  readonly vectorFs?: NodePartsOptions['vectorFs']
}

/** A real node on a real SQLite file in a temp dir, reached through the real router. */
export function startTestNode(dir = tempDir().dir, options: TestNodeOptions = {}): TestNode {
  const store = openStore(dir, aesFileSecretBox(join(dir, 'secret.key')))
  const log = capturingLogger()
  const { runtime, ...api } = assembleNode(store, { version: '1.2.3-test', log, runtime: options.runtime, vectorFs: options.vectorFs })
  runtime?.resume()
  api.ctx.vectorFs.resume()
  const close = async () => {
    await runtime?.close()
    await api.ctx.vectorFs.close()
    store.close()
  }
  return {
    ...api,
    dir,
    store,
    log,
    runtime,
    get: (path, query) => api.router.handle({ method: 'GET', path, query }),
    post: (path, body) => api.router.handle({ method: 'POST', path, body }),
    reopen() {
      // A hard stop: runtime abandoned mid-answer as a crash would, then the same data dir reopened.
      void runtime?.close()
      void api.ctx.vectorFs.close()
      store.close()
      return startTestNode(dir, options)
    },
    close
  }
}

/** The node's HTTP server on 127.0.0.1 (port 0) with bearer `token`, staging uploads of up to `maxUploadBytes` in the library's own folder. */
export function serveUploadsOverHttp(node: TestNode, token: string, maxUploadBytes: number): Promise<HttpServer> {
  return startHttpServer({ router: node.router, token, port: 0, log: node.log, uploadDir: node.ctx.vectorFs.stagingDir, maxUploadBytes })
}

/**
 * The node served over HTTP for each test (uploads staged in its staging folder), closed after it:
 * the server and its port, and the staged uploads' files left in the staging folder.
 */
export function useUploadServer(node: TestNode, token: string, maxUploadBytes: number) {
  let server: HttpServer | undefined
  beforeEach(async () => {
    server = await serveUploadsOverHttp(node, token, maxUploadBytes)
  })
  afterEach(() => server?.close())
  return {
    get server(): HttpServer {
      if (!server) throw new Error('the upload server starts in beforeEach')
      return server
    },
    get port(): number {
      return Number(new URL(this.server.url).port)
    },
    staged: (): string[] => (existsSync(node.ctx.vectorFs.stagingDir) ? readdirSync(node.ctx.vectorFs.stagingDir) : []),
    /** POSTs a multipart upload of `data` as `filename` into `folder` (with any other form fields): its status and JSON body. */
    async upload(folder: string, filename: string, data: string | Uint8Array, fields: Record<string, string> = {}) {
      const form = new FormData()
      for (const [k, v] of Object.entries({ path: folder, filename, ...fields })) form.append(k, v)
      form.append('file_data', new Blob([typeof data === 'string' ? data : Buffer.from(data)]), filename)
      const res = await fetch(`${this.server.url}/v2/upload_file_to_folder`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}` },
        body: form
      })
      return { status: res.status, body: (await res.json()) as FileInfo & ErrorBody }
    }
  }
}

export async function addProvider(node: TestNode, id: string, overrides: Record<string, unknown> = {}) {
  const res = await node.post('/v2/add_llm_provider', provider(id, overrides))
  if (res.status !== 200) throw new Error(`add_llm_provider ${id}: ${JSON.stringify(res.body)}`)
}

export async function createJob(node: TestNode, providerId: string, scope?: unknown, extra: Record<string, unknown> = {}) {
  const res = await node.post('/v2/create_job', createJobBody(providerId, scope, extra))
  if (res.status !== 200) throw new Error(`create_job: ${JSON.stringify(res.body)}`)
  return (res.body as { job_id: string }).job_id
}

/** The library's stored copies of files (`<data-dir>/files`), not the uploads staged beside them. */
export function storedCopies(node: TestNode): string[] {
  const dir = join(node.dir, 'files')
  if (!existsSync(dir)) return []
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && !join(e.parentPath, e.name).startsWith(node.ctx.vectorFs.stagingDir))
    .map((e) => join(e.parentPath, e.name))
    .sort()
}

/** Every row of every table, hashed: equal before and after means the database did not change. */
export function dbFingerprint(store: Store): string {
  const h = createHash('sha256')
  // Virtual tables (FTS5, vec0) keep their rows in shadow tables, which are hashed; WITHOUT ROWID tables scan in key order.
  const tables = store.db
    .prepare<[], { name: string; sql: string }>(`SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY name`)
    .all()
    .filter((t) => !/^CREATE VIRTUAL/i.test(t.sql))
  for (const { name, sql } of tables) {
    h.update(name)
    const order = /WITHOUT ROWID\s*$/i.test(sql) ? '' : ' ORDER BY rowid'
    for (const row of store.db.prepare(`SELECT * FROM "${name}"${order}`).raw(true).all()) {
      h.update(JSON.stringify(row, (_k, v: unknown) => (Buffer.isBuffer(v) ? v.toString('hex') : v)))
    }
  }
  return h.digest('hex')
}

/** The statuses the contract gives error bodies; each one's `error` is the standard reason phrase, as Node's STATUS_CODES has it. */
const CONTRACT_ERROR_STATUSES = [400, 401, 403, 404, 405, 409, 413, 415, 500, 502, 504]

export function expectError(res: NodeResponse, status: number, messagePart?: string | RegExp) {
  const body = res.body as { code: number; error: string; message: string }
  if (
    res.status !== status ||
    body?.code !== status ||
    !CONTRACT_ERROR_STATUSES.includes(status) ||
    body.error !== STATUS_CODES[status] ||
    typeof body.message !== 'string'
  ) {
    throw new Error(`expected ${status} error body, got ${res.status} ${JSON.stringify(res.body)}`)
  }
  if (Object.keys(body).sort().join() !== 'code,error,message') throw new Error(`extra keys in error body: ${Object.keys(body).join()}`)
  if (messagePart !== undefined) {
    const ok = typeof messagePart === 'string' ? body.message.includes(messagePart) : messagePart.test(body.message)
    if (!ok) throw new Error(`error message ${JSON.stringify(body.message)} does not match ${messagePart}`)
  }
}

export interface UseTestNodeOptions extends TestNodeOptions {
  /**
   * The data dir each test's node starts from, when it gives one (see useSeededDataDir): copied, so
   * each test opens a real SQLite file of its own that no other test sees. Fresh when it gives none.
   */
  readonly from?: () => string | undefined
  /** Run on each fresh node; not on one started from a copy, which holds what its seeding gave it. */
  readonly setup?: (node: TestNode) => Promise<void> | void
}

/**
 * A fresh node per test: registers the beforeEach/afterEach hooks and returns a stand-in that
 * always forwards to the current test's node.
 */
export function useTestNode(options: UseTestNodeOptions = {}): TestNode {
  let current: TestNode | undefined
  let cleanup = () => {}
  beforeEach(async () => {
    const t = tempDir()
    cleanup = t.cleanup
    const from = options.from?.()
    if (from !== undefined) cpSync(from, t.dir, { recursive: true })
    current = startTestNode(t.dir, options)
    if (from === undefined) await options.setup?.(current)
  })
  afterEach(async () => {
    await current?.close()
    cleanup()
  })
  const node: TestNode = new Proxy({} as TestNode, {
    get: (_target, prop) => {
      if (!current) throw new Error('useTestNode: used outside a test')
      // A restart replaces the current node, so the stand-in (and afterEach) follow the reopened one.
      if (prop === 'reopen') {
        return () => {
          current = current!.reopen()
          return node
        }
      }
      const value: unknown = Reflect.get(current, prop)
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(current) : value
    }
  })
  return node
}

/**
 * A data dir seeded once for the file or describe block this is called in (beforeAll): a real node
 * started on a fresh temp dir, `seed` run on it, the node closed. Its `dir` is set from then until
 * the block's afterAll (which removes it), so `useTestNode({ from: () => seeded.dir })` starts the
 * block's tests on copies of it and every other test on a fresh dir.
 */
export function useSeededDataDir(
  seed: (node: TestNode) => Promise<void> | void,
  options: TestNodeOptions = {}
): { readonly dir: string | undefined } {
  let dir: string | undefined
  let cleanup = () => {}
  beforeAll(async () => {
    const t = tempDir('nodedesk-seeded-')
    cleanup = t.cleanup
    const node = startTestNode(t.dir, options)
    try {
      await seed(node)
    } finally {
      await node.close()
    }
    dir = t.dir
  })
  afterAll(() => {
    dir = undefined
    cleanup()
  })
  return {
    get dir() {
      return dir
    }
  }
}

/** Per test, one job of provider `providerId` on `node` (call after useTestNode): its id, and its inbox as get_inbox reads it. */
export function useJob(node: TestNode, providerId: string): { readonly id: string; inbox(): Promise<Inbox> } {
  let id: string | undefined
  beforeEach(async () => {
    id = await createJob(node, providerId)
  })
  const job = {
    get id() {
      if (id === undefined) throw new Error('useJob: used outside a test')
      return id
    },
    inbox: async () => (await node.get('/v2/get_inbox', { inbox_name: `job_inbox::${job.id}::false` })).body as Inbox
  }
  return job
}

/**
 * A server started before each test and closed after it (`start`, then its `close`). The stand-in
 * returned forwards to the current test's one, reads and writes alike (`fake.behaviour = …`).
 */
export function perTestServer<T extends { close: () => Promise<unknown> }>(name: string, start: () => Promise<T>): T {
  let current: T | undefined
  beforeEach(async () => {
    current = await start()
  })
  afterEach(async () => {
    await current?.close()
    current = undefined
  })
  const now = () => {
    if (!current) throw new Error(`${name}: used outside a test`)
    return current
  }
  return new Proxy({} as T, {
    get: (_target, prop) => {
      const value: unknown = Reflect.get(now(), prop)
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(now()) : value
    },
    set: (_target, prop, value) => Reflect.set(now(), prop, value)
  })
}

/** A fresh fake provider (listing `models`) for each test, closed after it (see perTestServer). */
export const useFakeLlm = (models?: string[]): FakeLlm => perTestServer('useFakeLlm', () => startFakeLlm(models))

/**
 * A fresh loopback embeddings server (vectors of 16 numbers) for each test, added to `node` as
 * provider `emb` (OpenAI-compatible, key `sk-embed`); closed after the test. Call after useTestNode.
 */
export const useEmbeddingProvider = (node: TestNode): FakeEmbeddings =>
  perTestServer('useEmbeddingProvider', async () => {
    const fake = await startFakeEmbeddings(16)
    await addProvider(node, 'emb', { api_key: 'sk-embed', external_url: `${fake.url}/v1` })
    return fake
  })
