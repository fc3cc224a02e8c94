/**
 * npm run bench: the node API's hot paths beside their floors, as ratios.
 *   OpenAI-compatible reply normaliser  vs  a pass-through TransformStream over the same SSE bytes
 *   all_inboxes via the router  vs  JSON.stringify of the same array
 *   all_inboxes over HTTP       vs  a bare http.createServer answering the same bytes
 *   create_job + job_message    vs  raw better-sqlite3 inserts of the same rows (same pragmas)
 */
import Database from 'better-sqlite3'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { assembleNode } from '../src/main/embedded-node'
import { silentLogger } from '../src/main/platform/logger'
import { openStore } from '../src/main/store'
import { openDb, registerSqlFunctions } from '../src/main/store/db'
import { aesFileSecretBox } from '../src/main/store/secret-box'
import { startHttpServer } from '../src/main/transports/http'
import { createJobBody, provider } from '../test/support/fixtures'
import { benchNormaliser } from './openai-replies'
import { benchJsonSyntax } from './json-syntax'
import { benchRuntime } from './runtime'
import { benchAllInboxesMemory, benchFirstPage, benchSearch, benchSelectAll, benchStart } from './inbox-scale'
import { benchJobMessageThroughput } from './throughput'
import { benchJobMessageThroughputInProcess } from './throughput-in-process'
import { benchUi } from './ui'
import { benchLibraryUi } from './library-ui'
import { benchVectorFs } from './vector-fs'
import { benchConversationUi } from './conversation-ui'
import type { FrameFigures } from '../e2e/conversation-probe'
import { benchAnswerBacklog } from './answer-backlog'
import { benchJobRemoval } from './job-removal'
import { benchWalCheckpoints } from './wal-checkpoints'

const scope = () => ({
  local_vrkai: [],
  local_vrpack: [],
  network_folders: [],
  vector_fs_folders: [{ name: 'Contracts', path: { path_ids: ['My Files', 'Contracts'] } }],
  vector_fs_items: [
    {
      name: 'Q3 report.pdf',
      path: { path_ids: ['My Files', 'Q3 report.pdf'] },
      source: { Standard: { FileRef: { file_name: 'Q3 report.pdf', file_type: { Document: 'Pdf' }, text_chunking_strategy: 'V1' } } }
    }
  ]
})

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)]!
}

async function timeIt(runs: number, fn: () => unknown): Promise<number> {
  for (let i = 0; i < 3; i++) await fn() // warm-up
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const t = performance.now()
    await fn()
    times.push(performance.now() - t)
  }
  return median(times)
}

const rows: string[][] = []
function report(what: string, ours: number, floorName: string, floor: number, unit = 'ms') {
  const ratio = ours / floor
  rows.push([
    what,
    `${ours.toFixed(2)} ${unit}`,
    floorName,
    `${floor.toFixed(2)} ${unit}`,
    `${ratio.toFixed(2)}x`,
    ratio <= 2 ? 'ok' : 'OVER 2x'
  ])
}

async function benchInboxes(n: number) {
  const dir = mkdtempSync(join(tmpdir(), 'nodedesk-bench-'))
  const store = openStore(dir, aesFileSecretBox(join(dir, 'secret.key')))
  const { router } = assembleNode(store, { version: 'bench', log: silentLogger })
  await router.handle({ method: 'POST', path: '/v2/add_llm_provider', body: provider('gpt', { api_key: 'sk-bench' }) })
  store.db.pragma('synchronous = OFF') // seeding only; measured reads do not depend on it
  for (let i = 0; i < n; i++) {
    const res = await router.handle({ method: 'POST', path: '/v2/create_job', body: createJobBody('gpt', scope()) })
    const jobId = (res.body as { job_id: string }).job_id
    await router.handle({
      method: 'POST',
      path: '/v2/job_message',
      body: { job_id: jobId, content: `Summarise the Q3 report, part ${i}. ${'Lorem ipsum dolor sit amet. '.repeat(4)}` }
    })
  }
  store.db.pragma('synchronous = FULL')

  const req = { method: 'GET', path: '/v2/all_inboxes' }
  // all_inboxes is streamed (pieces): read to the end as a transport would.
  const whole = async () => {
    const res = await router.handleJson(req)
    if (res.kind === 'chunks') return res.body.collect()
    if (res.kind === 'json') return res.body
    throw new Error(`unexpected ${res.kind}`)
  }
  const first = { body: await whole() }
  const array = JSON.parse(first.body.toString('utf8')) as unknown[]
  if (array.length !== n) throw new Error(`expected ${n} inboxes, got ${array.length}`)
  const runs = n >= 10_000 ? 15 : 40
  const viaRouter = await timeIt(runs, whole)
  const stringify = await timeIt(runs, () => JSON.stringify(array))
  report(`all_inboxes, ${n} inboxes, router`, viaRouter, 'JSON.stringify', stringify)

  const token = 'bench-token'
  const http = await startHttpServer({ router, token, port: 0, log: silentLogger })
  const bytes = first.body
  const bare = createServer((_q, s) => {
    s.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': bytes.length })
    s.end(bytes)
  })
  await new Promise<void>((r) => bare.listen(0, '127.0.0.1', r))
  const barePort = (bare.address() as AddressInfo).port
  const viaHttp = await timeIt(runs, async () => {
    const r = await fetch(`${http.url}/v2/all_inboxes`, { headers: { Authorization: `Bearer ${token}` } })
    await r.arrayBuffer()
  })
  const bareHttp = await timeIt(runs, async () => {
    const r = await fetch(`http://127.0.0.1:${barePort}/`)
    await r.arrayBuffer()
  })
  report(`all_inboxes, ${n} inboxes, HTTP (${(bytes.length / 1e6).toFixed(1)} MB)`, viaHttp, 'bare http server', bareHttp)
  // What the transport itself adds (auth, Host check, headers) once the body exists.
  report(`  of which HTTP transport (HTTP - router)`, Math.max(0, viaHttp - viaRouter), 'bare http server', bareHttp)
  await http.close()
  bare.close()
  store.close()
  rmSync(dir, { recursive: true, force: true })
}

async function benchWrites(count: number) {
  const dir = mkdtempSync(join(tmpdir(), 'nodedesk-bench-'))
  const store = openStore(dir, aesFileSecretBox(join(dir, 'secret.key')))
  const { router } = assembleNode(store, { version: 'bench', log: silentLogger })
  await router.handle({ method: 'POST', path: '/v2/add_llm_provider', body: provider('gpt') })
  const t0 = performance.now()
  for (let i = 0; i < count; i++) {
    const res = await router.handle({ method: 'POST', path: '/v2/create_job', body: createJobBody('gpt', scope()) })
    const jobId = (res.body as { job_id: string }).job_id
    const m = await router.handle({ method: 'POST', path: '/v2/job_message', body: { job_id: jobId, content: `message ${i}` } })
    if (m.status !== 200) throw new Error(JSON.stringify(m.body))
  }
  const ours = performance.now() - t0
  store.close()

  // The floor: the same rows, one transaction per call as the API does, same pragmas and schema.
  const rawFile = join(dir, 'raw.sqlite')
  openDb(rawFile).close()
  const db = new Database(rawFile)
  registerSqlFunctions(db) // the search index's triggers call it, as on the node's connection
  db.pragma('journal_mode = WAL')
  db.pragma('synchronous = FULL')
  db.pragma('foreign_keys = ON')
  const p = provider('gpt')
  db.prepare(`INSERT INTO providers (id, provider_json, agent_json, created_at, updated_at) VALUES ('gpt', ?, ?, 'x', 'x')`).run(
    JSON.stringify(p),
    JSON.stringify(p)
  )
  const job = db.prepare(`INSERT INTO jobs (id, provider_id, config_json, created_at) VALUES (?, 'gpt', ?, ?)`)
  const jobScope = db.prepare(`INSERT INTO job_scopes (job_id, scope_json) VALUES (?, ?)`)
  const inbox = db.prepare(`INSERT INTO inboxes (id, job_id, custom_name, datetime_created, activity) VALUES (?, ?, 'New job', ?, ?)`)
  const msg = db.prepare(`INSERT INTO messages (inbox_id, hash, node_timestamp, message_json) VALUES (?, ?, ?, ?)`)
  const last = db.prepare(`UPDATE inboxes SET last_message_json = ?, last_hash = ?, last_timestamp = ?, activity = ? WHERE id = ?`)
  const createTx = db.transaction((id: string, now: string) => {
    job.run(id, '{}', now)
    jobScope.run(id, JSON.stringify(scope()))
    inbox.run(`job_inbox::${id}::false`, id, now, now)
  })
  const msgTx = db.transaction((id: string, i: number, now: string) => {
    const json = JSON.stringify({ inbox: `job_inbox::${id}::false`, content: `message ${i}` })
    msg.run(`job_inbox::${id}::false`, randomUUID(), now, json)
    last.run(json, 'h', now, now, `job_inbox::${id}::false`)
  })
  const t1 = performance.now()
  for (let i = 0; i < count; i++) {
    const id = `jobid_${randomUUID()}`
    const now = new Date().toISOString()
    createTx(id, now)
    msgTx(id, i, now)
  }
  const floor = performance.now() - t1
  db.close()
  rmSync(dir, { recursive: true, force: true })
  const perSec = (ms: number) => (count / ms) * 1000
  rows.push([
    `create_job + job_message, ${count} pairs`,
    `${perSec(ours).toFixed(0)} pairs/s`,
    'raw better-sqlite3 inserts',
    `${perSec(floor).toFixed(0)} pairs/s`,
    `${(ours / floor).toFixed(2)}x`,
    ours / floor <= 2 ? 'ok' : 'OVER 2x'
  ])
}

/** Inboxes at scale (issue 11): pages, search, the answer path's throughput, streamed lists, start. */
async function benchInboxScale(quick: boolean) {
  const verdict = (ok: boolean) => (ok ? 'ok' : 'OVER')
  const pageSizes = quick ? [1000, 10_000] : [1000, 10_000, 100_000]
  const pages = []
  for (const n of pageSizes) {
    const f = await benchFirstPage(n)
    pages.push(f)
    const ratio = f.oursMs / f.bareMs
    rows.push([
      `first page (20) over HTTP, ${n} inboxes (${f.bytes} bytes)`,
      `${f.oursMs.toFixed(2)} ms`,
      'bare server, same bytes',
      `${f.bareMs.toFixed(2)} ms`,
      `${ratio.toFixed(2)}x`,
      `${verdict(ratio <= 2)} (target <= 2x)`
    ])
    const fresh = f.afterWriteMs / f.bareAfterWriteMs
    rows.push([
      `  the same page right after a write (read from SQLite), ${n} inboxes`,
      `${f.afterWriteMs.toFixed(2)} ms`,
      'bare server, same bytes, right after the same write',
      `${f.bareAfterWriteMs.toFixed(2)} ms`,
      `${fresh.toFixed(2)}x`,
      `${verdict(fresh <= 2)} (target <= 2x)`
    ])
  }
  const sel = await benchSelectAll(pageSizes.at(-1)!)
  rows.push([
    `Ctrl+A in the inbox list, ${sel.inboxes} inboxes: bytes fetched (inbox_bar_rows)`,
    `${(sel.barBytes / 1e6).toFixed(1)} MB in ${sel.barMs.toFixed(0)} ms`,
    'whole inboxes (all_inboxes_paginated, 200 a page)',
    `${(sel.wholeBytes / 1e6).toFixed(1)} MB in ${sel.wholeMs.toFixed(0)} ms`,
    `${(sel.barBytes / sel.wholeBytes).toFixed(3)}x`,
    `${verdict(sel.barBytes <= 10e6)} (target <= 10 MB)`
  ])
  const growth = pages[pages.length - 1]!.oursMs / pages[0]!.oursMs
  rows.push([
    `first page cost, ${pageSizes.at(-1)} vs ${pageSizes[0]} inboxes`,
    `${growth.toFixed(2)}x`,
    '',
    '',
    '',
    `${verdict(growth <= 1.5)} (flat: <= 1.5x)`
  ])

  const s = quick ? await benchSearch(10_000, 10, 100) : await benchSearch(100_000, 10)
  rows.push([
    `search_inboxes p95, ${s.inboxes} inboxes / ${s.messages} messages (${s.queries} queries)`,
    `${s.p95Ms.toFixed(2)} ms`,
    `median ${s.medianMs.toFixed(2)} ms`,
    '',
    '',
    `${verdict(s.p95Ms <= 50)} (target <= 50 ms)`
  ])

  const t = await benchJobMessageThroughput(32, quick ? 15 : 40)
  const tr = t.oursPerSec / t.floorPerSec
  rows.push([
    `job_message with answers, ${t.clients} clients (${t.requests} requests), the node as it ships (headless, a process of its own)`,
    `${t.oursPerSec.toFixed(0)} req/s`,
    'bare server, 1 insert/request',
    `${t.floorPerSec.toFixed(0)} req/s`,
    `${tr.toFixed(2)}x`,
    `${verdict(tr >= 0.5)} (target >= 0.5x)`
  ])
  rows.push([
    `  the same beside a bare server that stores the question, streams one completion (4 at once), stores the answer (group commits)`,
    `${t.oursPerSec.toFixed(0)} req/s`,
    'bare answering server',
    `${t.answeringFloorPerSec.toFixed(0)} req/s`,
    `${(t.oursPerSec / t.answeringFloorPerSec).toFixed(2)}x`,
    `(that bare server itself: ${(t.answeringFloorPerSec / t.floorPerSec).toFixed(2)}x of the 1-insert floor)`
  ])
  const inProcess = await benchJobMessageThroughputInProcess(32, quick ? 15 : 40)
  rows.push([
    `  the same with the node, the bare server, the clients and the provider in the bench's one process (tsx), as measured before`,
    `${inProcess.oursPerSec.toFixed(0)} req/s`,
    'bare server, 1 insert/request, same process',
    `${inProcess.floorPerSec.toFixed(0)} req/s`,
    `${(inProcess.oursPerSec / inProcess.floorPerSec).toFixed(2)}x`,
    '(for comparison with earlier runs)'
  ])
  rows.push([
    `  of which the questions alone, acknowledged (${t.answeredWhenAcknowledged} of ${t.requests} answered by then)`,
    `${t.acknowledgedPerSec.toFixed(0)} req/s`,
    'bare server, 1 insert/request',
    `${t.floorPerSec.toFixed(0)} req/s`,
    `${(t.acknowledgedPerSec / t.floorPerSec).toFixed(2)}x`,
    '(no target: the answers, 4 calls at once per server, take the rest)'
  ])
  const cpu = t.cpuMsPerRequest
  rows.push([
    `  CPU per question and answer, the server's process and the bench's (clients and provider) (${t.cores} cores: at most ${((t.cores * 1000) / cpu.ours).toFixed(0)} req/s)`,
    `${cpu.ours.toFixed(2)} ms`,
    'bare answering server / 1-insert floor',
    `${cpu.answeringFloor.toFixed(2)} / ${cpu.floor.toFixed(2)} ms`,
    `${(cpu.ours / cpu.answeringFloor).toFixed(2)}x`,
    `(0.5x of the floor on ${t.cores} cores needs at most ${((t.cores * 1000) / (0.5 * t.floorPerSec)).toFixed(2)} ms)`
  ])
  const threads = t.nodeThreadsMs
  rows.push([
    `  the node's CPU per question and answer by thread: main (API, database, prompts) / provider thread (HTTP, SDKs) / garbage collection / other`,
    `${threads.main.toFixed(2)} / ${threads.provider.toFixed(2)} / ${threads.gc.toFixed(2)} / ${threads.other.toFixed(2)} ms`,
    '',
    '',
    '',
    ''
  ])
  const server = t.serverCpuMsPerRequest
  rows.push([
    `  of which the server's own process (the node's; each bare server's)`,
    `${server.ours.toFixed(2)} ms`,
    'bare answering server / 1-insert floor',
    `${server.answeringFloor.toFixed(2)} / ${server.floor.toFixed(2)} ms`,
    `${(server.ours / server.answeringFloor).toFixed(2)}x`,
    ''
  ])

  const m = await benchAllInboxesMemory(quick ? 20 : 200)
  rows.push([
    `server peak memory, all_inboxes of ${m.jobs} jobs x ${m.scopeMb.toFixed(0)} MB scopes (${m.bodyMb.toFixed(0)} MB sent in ${m.seconds.toFixed(1)} s)`,
    `${m.peakMb.toFixed(0)} MB`,
    `peak before the request`,
    `${m.peakBeforeMb.toFixed(0)} MB`,
    '',
    `${verdict(m.peakMb < 300)} (target < 300 MB)`
  ])

  const c = await benchConversationUi(quick ? 2000 : 5000)
  rows.push([
    `UI: a ${c.messages}-message inbox opened -> its newest message shown (best of 3)`,
    `${c.firstScreenMs.toFixed(0)} ms`,
    'target 300 ms',
    '',
    '',
    verdict(c.firstScreenMs <= 300)
  ])
  rows.push([
    `  scrolled up a screen per frame to its start: messages shown`,
    `${c.shown} in ${(c.scrollToStartMs / 1000).toFixed(1)} s`,
    `every message once, in order`,
    '',
    '',
    verdict(c.inOrder && c.shown === c.messages)
  ])
  const frames = (f: FrameFigures) =>
    `p95 ${f.p95Ms.toFixed(1)} ms, ${f.missed} of ${f.frames - 1} late, longest task ${f.longestTaskMs.toFixed(0)} ms`
  rows.push([
    `  frames while an answer streams into it (${c.streamedChunks} chunks, one per 10 ms)`,
    frames(c.streamingFrames),
    'the same view, idle',
    frames(c.idleFrames),
    `${(c.streamingFrames.p95Ms / c.idleFrames.p95Ms).toFixed(2)}x`,
    // 60 fps: at least 95% of the frames come on time (a late one takes more than 1.5 frames).
    `${verdict(c.streamingFrames.p95Ms <= 25)} (target: p95 <= 25 ms, 60 fps)`
  ])

  const st = await benchStart()
  rows.push([
    'headless start -> first answered health_check',
    `${st.oursMs.toFixed(0)} ms`,
    'bare node server, spawned alike',
    `${st.bareMs.toFixed(0)} ms`,
    `${(st.oursMs / st.bareMs).toFixed(2)}x`,
    `${verdict(st.oursMs <= 300)} (target <= 300 ms)`
  ])
}

/** The part being measured, named on the way (a full run takes many minutes). */
let current = ''
function step<T>(name: string, run: () => Promise<T>): Promise<T> {
  current = name
  process.stderr.write(`bench: ${name}…\n`)
  return run()
}

async function main() {
  const quick = process.argv.includes('--quick')
  if (process.argv.includes('--inbox-scale')) {
    await step('inboxes at scale', () => benchInboxScale(quick))
    return printRows()
  }
  const sizes = quick ? [1000] : [1000, 10_000]
  for (const n of sizes) await step(`inbox lists, ${n} inboxes`, () => benchInboxes(n))
  await step('writes', () => benchWrites(process.argv.includes('--quick') ? 300 : 2000))
  const rt = await step('provider runtime', () => benchRuntime())
  rows.push(['provider last byte -> last_message in all_inboxes', `${rt.lastByteToVisibleMs.toFixed(2)} ms`, '(median of 15)', '', '', ''])
  rows.push([
    `runtime overhead per streamed chunk (${rt.chunks} chunks)`,
    `${rt.overheadPerChunkUs.toFixed(1)} µs`,
    'bare fetch of the stream',
    '',
    '',
    ''
  ])
  const norm = await step('OpenAI-compatible normaliser', () => benchNormaliser())
  rows.push([
    `OpenAI-compatible stream normalised, ${norm.chunks} chunks`,
    `${norm.normalisedMs.toFixed(1)} ms (${(((norm.normalisedMs - norm.passThroughMs) / norm.chunks) * 1000).toFixed(2)} µs/chunk added)`,
    'pass-through TransformStream',
    `${norm.passThroughMs.toFixed(1)} ms`,
    `${(norm.normalisedMs / norm.passThroughMs).toFixed(2)}x`,
    ''
  ])
  const js = await step('invalid JSON bodies', () => Promise.resolve(benchJsonSyntax()))
  rows.push([
    `a body that is not JSON: telling where (the 400's sentence), 4 bodies of ${js.mib} MiB`,
    `${js.placeMs.toFixed(0)} ms`,
    'JSON.parse refusing the same bodies',
    `${js.parseMs.toFixed(0)} ms`,
    `${(js.placeMs / js.parseMs).toFixed(2)}x`,
    js.placeMs <= 3 * js.parseMs ? 'ok (target <= 3x)' : 'OVER 3x'
  ])
  rows.push(...(await step('document library', () => benchVectorFs(process.argv.includes('--quick')))))
  rows.push(...(await step('answer backlog', () => benchAnswerBacklog(quick))))
  rows.push(...(await step('job removal', () => benchJobRemoval(quick))))
  rows.push(...(await step('WAL checkpoints', () => benchWalCheckpoints(quick))))
  for (const n of quick ? [1000] : [1000, 10_000, 100_000]) {
    const ui = await step(`UI, ${n} inboxes`, () => benchUi(n))
    rows.push([
      `UI: navigation -> first inbox row, ${n} inboxes (target 300 ms)`,
      `${ui.firstRowMs.toFixed(0)} ms`,
      'a bare page: code traded, the same first page read, its rows added to the DOM',
      `${ui.firstRowFloorMs.toFixed(0)} ms`,
      `${(ui.firstRowMs / ui.firstRowFloorMs).toFixed(2)}x`,
      ui.firstRowMs <= 300 ? 'ok' : 'OVER 300 ms'
    ])
    rows.push([
      `UI: the same, navigating while Playwright's new page is still starting its first renderer, ${n} inboxes`,
      `${ui.firstRowFreshPageMs.toFixed(0)} ms`,
      '(for comparison)',
      '',
      '',
      ''
    ])
    rows.push([
      `UI: the same, an open window reloaded (the app's files and compiled code kept, as between the desktop app's starts), ${n} inboxes`,
      `${ui.firstRowReloadMs.toFixed(0)} ms`,
      '(for comparison)',
      '',
      '',
      ''
    ])
    rows.push([`UI: inbox rows in the DOM, ${n} inboxes`, String(ui.domRows), 'target < 100', '', '', ui.domRows < 100 ? 'ok' : 'OVER'])
    rows.push([
      `UI: bytes the window received for one question and its answer, ${n} inboxes`,
      `${(ui.questionBytes / 1024).toFixed(1)} KB`,
      'target 20 KB',
      '',
      '',
      ui.questionBytes <= 20 * 1024 ? 'ok' : 'OVER'
    ])
  }
  const lib = await step('library UI', () => benchLibraryUi())
  rows.push([
    `library folder listing (retrieve_path_simplified depth 0, unpaged), ${lib.files} files, ${(lib.listingBytes / 1024 / 1024).toFixed(1)} MB`,
    `${lib.listingMs.toFixed(1)} ms`,
    'bare http server, same bytes',
    `${lib.bareServerMs.toFixed(1)} ms`,
    `${(lib.listingMs / lib.bareServerMs).toFixed(2)}x`,
    '(no target)'
  ])
  rows.push([
    `UI: Files tree, click on a folder of ${lib.files} files -> first row painted`,
    `${lib.openMs.toFixed(0)} ms`,
    'target 300 ms',
    '',
    '',
    lib.openMs <= 300 ? 'ok' : 'OVER'
  ])
  rows.push([
    `UI: Files tree rows in the DOM, that folder open`,
    String(lib.domRows),
    'target < 100',
    '',
    '',
    lib.domRows < 100 ? 'ok' : 'OVER'
  ])
  await step('inboxes at scale', () => benchInboxScale(quick))
  printRows()
}

function printRows() {
  const header = ['measure', 'ours', 'floor', 'floor time', 'ratio', 'verdict']
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)))
  const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i]!)).join('  ')
  console.log(`\nNodedesk bench (node ${process.version}, ${new Date().toISOString()})`)
  console.log(line(header))
  console.log(widths.map((w) => '-'.repeat(w)).join('  '))
  for (const r of rows) console.log(line(r))
}

main().catch((err: unknown) => {
  // What was measured before the failure is printed, with the part that failed.
  printRows()
  console.error(`\nbench: failed while measuring ${current}:`, err)
  process.exit(1)
})
