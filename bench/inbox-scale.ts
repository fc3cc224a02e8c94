import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer, get } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { assembleNode } from '../src/main/embedded-node'
import { silentLogger } from '../src/main/platform/logger'
import { openStore } from '../src/main/store'
import { aesFileSecretBox } from '../src/main/store/secret-box'
import { startHttpServer } from '../src/main/transports/http'
import { ROOT, startServe } from '../test/support/serve-process'
import { random, seedInboxes, VOCABULARY } from './seed'

const TOKEN = 'bench-token'

async function times(runs: number, fn: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 5; i++) await fn() // warm-up
  const out: number[] = []
  for (let i = 0; i < runs; i++) {
    const t = performance.now()
    await fn()
    out.push(performance.now() - t)
  }
  return out.sort((a, b) => a - b)
}
const median = (xs: number[]) => xs[Math.floor(xs.length / 2)]!
const p95 = (xs: number[]) => xs[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))]!

function tempStore(prefix: string) {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  const store = openStore(dir, aesFileSecretBox(join(dir, 'secret.key')))
  return { dir, store, cleanup: () => rmSync(dir, { recursive: true, force: true }) }
}

export interface FirstPageFigures {
  readonly inboxes: number
  readonly bytes: number
  readonly oursMs: number
  /** The same page read right after a write (nothing remembered: the page is read from SQLite). */
  readonly afterWriteMs: number
  readonly bareMs: number
  /** The bare server right after the same write (the write leaves the CPU's caches as cold for it). */
  readonly bareAfterWriteMs: number
}

/** The first page of all_inboxes_paginated over HTTP beside a bare server sending the same bytes. */
export async function benchFirstPage(inboxes: number): Promise<FirstPageFigures> {
  const { dir, store, cleanup } = tempStore('nodedesk-bench-page-')
  seedInboxes(store, { inboxes, messagesPerInbox: 1 })
  const { router } = assembleNode(store, { version: 'bench', log: silentLogger })
  const http = await startHttpServer({ router, token: TOKEN, port: 0, log: silentLogger })
  const url = `${http.url}/v2/all_inboxes_paginated?limit=20`
  const first = await fetch(url, { headers: { Authorization: `Bearer ${TOKEN}` } })
  const bytes = Buffer.from(await first.arrayBuffer())
  const page = JSON.parse(bytes.toString('utf8')) as { inboxes: unknown[]; total_count: number }
  if (page.inboxes.length !== 20 || page.total_count !== inboxes)
    throw new Error(`unexpected page: ${page.inboxes.length}, ${page.total_count}`)
  const bare = createServer((_q, s) => {
    s.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': bytes.length })
    s.end(bytes)
  })
  await new Promise<void>((r) => bare.listen(0, '127.0.0.1', r))
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`
  // Interleaved, so both see the same machine load.
  const ours: number[] = []
  const afterWrite: number[] = []
  const floor: number[] = []
  const floorAfterWrite: number[] = []
  // A write that changes no value but counts as one (the node then reads the page from SQLite again).
  const touch = store.db.prepare(`UPDATE inboxes SET custom_name = custom_name WHERE rowid = 1`)
  const read = () => fetch(url, { headers: { Authorization: `Bearer ${TOKEN}` } }).then((r) => r.arrayBuffer())
  for (let round = 0; round < 8; round++) {
    ours.push(...(await times(25, read)))
    for (let i = 0; i < 25; i++) {
      touch.run()
      const t = performance.now()
      await read()
      afterWrite.push(performance.now() - t)
    }
    floor.push(...(await times(25, () => fetch(bareUrl).then((r) => r.arrayBuffer()))))
    for (let i = 0; i < 25; i++) {
      touch.run()
      const t = performance.now()
      await fetch(bareUrl).then((r) => r.arrayBuffer())
      floorAfterWrite.push(performance.now() - t)
    }
  }
  await http.close()
  bare.close()
  store.close()
  cleanup()
  void dir
  const med = (xs: number[]) => median(xs.sort((a, b) => a - b))
  return {
    inboxes,
    bytes: bytes.length,
    oursMs: med(ours),
    afterWriteMs: med(afterWrite),
    bareMs: med(floor),
    bareAfterWriteMs: med(floorAfterWrite)
  }
}

export interface SearchFigures {
  readonly inboxes: number
  readonly messages: number
  readonly p95Ms: number
  readonly medianMs: number
  readonly queries: number
}

/** search_inboxes over HTTP with one- and two-word queries (whole words and prefixes) across the vocabulary. */
export async function benchSearch(inboxes: number, messagesPerInbox: number, queries = 200): Promise<SearchFigures> {
  const { store, cleanup } = tempStore('nodedesk-bench-search-')
  seedInboxes(store, { inboxes, messagesPerInbox })
  const { router } = assembleNode(store, { version: 'bench', log: silentLogger })
  const http = await startHttpServer({ router, token: TOKEN, port: 0, log: silentLogger })
  const rnd = random(42)
  const word = () => VOCABULARY[Math.floor(rnd() * VOCABULARY.length)]!
  const qs = Array.from({ length: queries }, (_, i) => {
    const w = word()
    if (i % 4 === 0) return w.slice(0, Math.max(3, w.length - 2)) // a prefix, as typed
    if (i % 4 === 1) return `${w} ${word()}`
    return w
  })
  let i = 0
  const all = await times(queries, async () => {
    const q = qs[i++ % qs.length]!
    const res = await fetch(`${http.url}/v2/search_inboxes?q=${encodeURIComponent(q)}`, { headers: { Authorization: `Bearer ${TOKEN}` } })
    if (res.status !== 200) throw new Error(`search ${q}: ${res.status}`)
    await res.arrayBuffer()
  })
  await http.close()
  store.close()
  cleanup()
  return { inboxes, messages: inboxes * messagesPerInbox, p95Ms: p95(all), medianMs: median(all), queries }
}

/** Peak resident memory (VmHWM) of a process, in MB. */
const peakMb = (pid: number) => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024

export interface MemoryFigures {
  readonly jobs: number
  readonly scopeMb: number
  readonly bodyMb: number
  readonly peakBeforeMb: number
  readonly peakMb: number
  readonly seconds: number
}

/** A headless node's peak memory while it sends all_inboxes for jobs whose scopes hold 13 MB each. */
export async function benchAllInboxesMemory(jobs = 200, scopeMb = 13): Promise<MemoryFigures> {
  const { dir, store } = tempStore('nodedesk-bench-mem-')
  const nodes: unknown[] = []
  let size = 0
  for (let i = 0; size < scopeMb * 1024 * 1024; i++) {
    const text = `Section ${i}: ${'the turbine maintenance schedule and its torque tables '.repeat(18)}`
    nodes.push({ id: String(i), content: { Text: text }, metadata: {} })
    size += text.length + 40
  }
  const scopeJson = JSON.stringify({
    local_vrkai: [{ vrkai: { resource: { Document: { name: 'handbook', nodes } }, version: 'V1' } }],
    local_vrpack: [],
    network_folders: [],
    vector_fs_folders: [],
    vector_fs_items: []
  })
  seedInboxes(store, { inboxes: jobs, messagesPerInbox: 1, scopeJson })
  store.close()
  const serve = await startServe(['--port', '0', '--data-dir', dir], { NODEDESK_API_TOKEN: TOKEN })
  const pid = serve.child.pid!
  const before = peakMb(pid)
  const t0 = performance.now()
  // Read at the pace of a plain client (node:http), counting bytes without keeping them.
  const bytes = await new Promise<number>((done, fail) => {
    get(`${serve.url}/v2/all_inboxes`, { headers: { Authorization: `Bearer ${TOKEN}` } }, (res) => {
      let n = 0
      res.on('data', (c: Buffer) => (n += c.length))
      res.on('end', () => (res.statusCode === 200 ? done(n) : fail(new Error(`all_inboxes: ${res.statusCode}`))))
      res.on('error', fail)
    }).on('error', fail)
  })
  const seconds = (performance.now() - t0) / 1000
  const peak = peakMb(pid)
  serve.child.kill('SIGTERM')
  await serve.exited
  rmSync(dir, { recursive: true, force: true })
  return { jobs, scopeMb: scopeJson.length / 1024 / 1024, bodyMb: bytes / 1024 / 1024, peakBeforeMb: before, peakMb: peak, seconds }
}

export interface StartFigures {
  readonly oursMs: number
  readonly bareMs: number
}

/** Milliseconds from spawning a process to its first answered health_check (median of `runs`). */
async function spawnToFirstAnswer(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const t0 = performance.now()
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'ignore'] })
  let out = ''
  const url = await new Promise<string>((done, fail) => {
    child.stdout.on('data', (c) => {
      out += c
      const m = /(http:\/\/127\.0\.0\.1:\d+)/.exec(out)
      if (m) done(m[1]!)
    })
    child.on('exit', () => fail(new Error(`exited before listening: ${out}`)))
  })
  const res = await fetch(`${url}/v2/health_check`)
  await res.arrayBuffer()
  const ms = performance.now() - t0
  child.kill('SIGTERM')
  await new Promise((r) => child.on('exit', r))
  return ms
}

/** Headless start to its first answered request, beside a bare node server started the same way. */
export async function benchStart(runs = 7): Promise<StartFigures> {
  const bareScript = `require('node:http').createServer((q, s) => s.end('{"status":"ok"}')).listen(0, '127.0.0.1', function () { console.log('listening on http://127.0.0.1:' + this.address().port) })`
  const ours: number[] = []
  const bare: number[] = []
  const dir = mkdtempSync(join(tmpdir(), 'nodedesk-bench-start-'))
  // The first start creates the database, key and token; later ones open them, as a user's do.
  await spawnToFirstAnswer([join(ROOT, 'out/main/serve.js'), '--port', '0', '--data-dir', dir], { NODEDESK_API_TOKEN: TOKEN })
  for (let i = 0; i < runs; i++) {
    ours.push(await spawnToFirstAnswer([join(ROOT, 'out/main/serve.js'), '--port', '0', '--data-dir', dir], { NODEDESK_API_TOKEN: TOKEN }))
    bare.push(await spawnToFirstAnswer(['-e', bareScript], {}))
  }
  rmSync(dir, { recursive: true, force: true })
  return { oursMs: median(ours.sort((a, b) => a - b)), bareMs: median(bare.sort((a, b) => a - b)) }
}

export interface SelectAllFigures {
  readonly inboxes: number
  /** Bytes of the bodies Ctrl+A fetched as it did before: all_inboxes_paginated by position, 200 a page. */
  readonly wholeBytes: number
  readonly wholeMs: number
  /** Bytes of the bodies it fetches now: inbox_bar_rows, 5,000 a page, following next. */
  readonly barBytes: number
  readonly barMs: number
}

/** What Ctrl+A in the inbox list downloads at `inboxes` (2 messages each, as bench/ui.ts seeds them), over HTTP. */
export async function benchSelectAll(inboxes: number): Promise<SelectAllFigures> {
  const { store, cleanup } = tempStore('nodedesk-bench-select-all-')
  seedInboxes(store, { inboxes, messagesPerInbox: 2 })
  const { router } = assembleNode(store, { version: 'bench', log: silentLogger })
  const http = await startHttpServer({ router, token: TOKEN, port: 0, log: silentLogger })
  const read = async (path: string) => {
    const res = await fetch(`${http.url}${path}`, { headers: { Authorization: `Bearer ${TOKEN}` } })
    const bytes = Buffer.from(await res.arrayBuffer())
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${bytes.toString('utf8').slice(0, 200)}`)
    return { size: bytes.length, body: JSON.parse(bytes.toString('utf8')) as Record<string, unknown> }
  }
  let wholeBytes = 0
  let read1 = 0
  let t = performance.now()
  for (const pinned of ['true', 'false']) {
    for (let at = 0, total = 1; at < total; at += 200) {
      const p = await read(`/v2/all_inboxes_paginated?limit=200&show_hidden=false&pinned=${pinned}&position=${at}`)
      wholeBytes += p.size
      total = p.body.total_count as number
      read1 += (p.body.inboxes as unknown[]).length
    }
  }
  const wholeMs = performance.now() - t
  let barBytes = 0
  let read2 = 0
  t = performance.now()
  for (const pinned of ['true', 'false']) {
    let after: string | null = null
    do {
      const p = await read(
        `/v2/inbox_bar_rows?limit=5000&show_hidden=false&pinned=${pinned}${after ? `&after=${encodeURIComponent(after)}` : ''}`
      )
      barBytes += p.size
      read2 += (p.body.rows as unknown[]).length
      after = p.body.next as string | null
    } while (after)
  }
  const barMs = performance.now() - t
  if (read1 !== inboxes || read2 !== inboxes) throw new Error(`read ${read1} and ${read2} of ${inboxes}`)
  await http.close()
  store.close()
  cleanup()
  return { inboxes, wholeBytes, wholeMs, barBytes, barMs }
}
