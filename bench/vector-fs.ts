/**
 * The document library's speed, beside floors measured in the same run:
 *   ingest of 1,000 text documents (50 MB) through upload_file_to_folder
 *     vs  raw FTS5 inserts of the same passages (same pragmas, one transaction per document)
 *   search_items p50/p95 over 100,000 passages with 768-dimension vectors, and recall@10 of its
 *     vector stage against exact brute-force cosine over all of them
 *   search_items p95 for queries of word starts (3 and 4 letters, and one), which match every word they begin
 * `npx tsx bench/vector-fs.ts [--quick]` runs it alone; `npm run bench` runs it with the rest.
 */
import Database from 'better-sqlite3'
import { mkdtempSync, rmSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { assembleNode } from '../src/main/embedded-node'
import { silentLogger } from '../src/main/platform/logger'
import { openStore } from '../src/main/store'
import { aesFileSecretBox } from '../src/main/store/secret-box'
import { chunkText } from '../src/main/vector-fs/chunker'
import type { EmbedderFactory } from '../src/main/vector-fs/embedder'
import { passageIndex } from '../src/main/vector-fs/passage-index'
import { modelKeyOf } from '../src/main/vector-fs/settings'
import { treeRepo } from '../src/main/vector-fs/tree'
import { dot, normalize, vectorIndex } from '../src/main/vector-fs/vector-index'
import { seedLibraryFile } from '../test/support/library-seed'

/** A seeded generator, so every run measures the same documents. */
function rng(seed: number) {
  let s = seed >>> 0
  return () => {
    s = (s + 0x6d2b79f5) >>> 0
    let t = s
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const random = rng(42)
const VOCABULARY = Array.from({ length: 6000 }, (_, i) => {
  const letters = 'abcdefghijklmnopqrstuvwxyz'
  let w = ''
  const n = 3 + ((i * 7) % 8)
  for (let j = 0; j < n; j++) w += letters[Math.floor(random() * 26)]
  return w
})
/** Zipf-like word choice: a few words common, most rare, as in prose. */
const word = () => VOCABULARY[Math.floor(VOCABULARY.length * random() ** 3)]!
function paragraph(words: number): string {
  const out: string[] = []
  for (let i = 0; i < words; i++) out.push(word())
  return out.join(' ') + '.'
}
function document(bytes: number): string {
  const paras: string[] = []
  let size = 0
  while (size < bytes) {
    const p = paragraph(40 + Math.floor(random() * 120))
    paras.push(p)
    size += p.length + 2
  }
  return paras.join('\n\n').slice(0, bytes)
}

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!
}

function freshNode(embedders?: EmbedderFactory) {
  const dir = mkdtempSync(join(tmpdir(), 'nodedesk-bench-vfs-'))
  const store = openStore(dir, aesFileSecretBox(join(dir, 'secret.key')))
  const node = assembleNode(store, { version: 'bench', log: silentLogger, vectorFs: { embedders } })
  return {
    dir,
    store,
    node,
    close: async () => {
      await node.ctx.vectorFs.close()
      store.close()
      rmSync(dir, { recursive: true, force: true })
    }
  }
}

export interface IngestResult {
  readonly docs: number
  readonly megabytes: number
  readonly passages: number
  readonly oursMs: number
  readonly floorMs: number
}

export async function benchIngest(docs: number, bytesEach: number): Promise<IngestResult> {
  const texts = Array.from({ length: docs }, () => document(bytesEach))
  const { node, store, dir, close } = freshNode()
  const encoder = new TextEncoder()
  const files = texts.map((t) => encoder.encode(t))
  const t0 = performance.now()
  for (let i = 0; i < docs; i++) {
    const res = await node.router.handle({
      method: 'POST',
      path: '/v2/upload_file_to_folder',
      body: { path: '/', filename: `doc-${i}.txt`, file_data: files[i] }
    })
    if (res.status !== 200) throw new Error(JSON.stringify(res.body))
  }
  const oursMs = performance.now() - t0
  const passages = (store.db.prepare('SELECT count(*) AS n FROM vfs_passages').get() as { n: number }).n

  // The floor: the same passages (cut beforehand, not timed) inserted into FTS5 directly.
  const chunks = texts.map((t) => chunkText(t))
  const raw = new Database(join(dir, 'raw-fts.sqlite'))
  raw.pragma('journal_mode = WAL')
  raw.pragma('synchronous = FULL')
  raw.exec(`CREATE VIRTUAL TABLE f USING fts5(text, tokenize = 'unicode61 remove_diacritics 2')`)
  const insert = raw.prepare('INSERT INTO f (text) VALUES (?)')
  const perDoc = raw.transaction((ps: string[]) => {
    for (const p of ps) insert.run(p)
  })
  const t1 = performance.now()
  for (const ps of chunks) perDoc(ps)
  const floorMs = performance.now() - t1
  raw.close()
  await close()
  return { docs, megabytes: (docs * bytesEach) / 1e6, passages, oursMs, floorMs }
}

export interface SearchResultBench {
  readonly passages: number
  readonly dimension: number
  readonly p50: number
  readonly p95: number
  /** CPU time (user + system) per search_items call: the work itself, whatever else runs on the machine. */
  readonly cpuP50: number
  readonly cpuP95: number
  readonly vectorP95: number
  readonly keywordP95: number
  readonly recallAt10: number
  readonly queries: number
  /** search_items p95 for queries of word starts (each word cut to 3 or 4 letters, a one-letter word too) and its keyword stage alone. */
  readonly startsP95: number
  readonly startsKeywordP95: number
}

export async function benchSearch(passageCount: number, dimension = 768, queries = 100): Promise<SearchResultBench> {
  const r = rng(7)
  const gauss = () => Math.sqrt(-2 * Math.log(r() || 1e-12)) * Math.cos(2 * Math.PI * r())
  // Embeddings of real text cluster by topic: vectors here are topic centres plus noise of the same size.
  const topics = Array.from({ length: Math.max(10, Math.round(passageCount / 50)) }, () =>
    normalize(Array.from({ length: dimension }, gauss))
  )
  const sample = () => {
    const c = topics[Math.floor(r() * topics.length)]!
    const v = new Float32Array(dimension)
    for (let i = 0; i < dimension; i++) v[i] = c[i]! + gauss() / Math.sqrt(dimension)
    return normalize(v)
  }
  const queryVectors = new Map<string, Float32Array>()
  const embedders: EmbedderFactory = () => ({
    embed: (texts) => Promise.resolve(texts.map((t) => Array.from(queryVectors.get(t) ?? sample())))
  })
  const { node, store, close } = freshNode(embedders)
  const db = store.db
  const tree = treeRepo(db)
  const passages = passageIndex(db)
  const vectors = vectorIndex(db)
  const model = { providerId: 'bench', model: 'bench-768' }
  db.prepare(`INSERT INTO vfs_settings (key, value) VALUES ('embedding.provider_id', ?), ('embedding.model', ?)`).run(
    model.providerId,
    model.model
  )
  // Seeding (not timed) with the library's own modules: 1,000 files of passages, their text indexed, their vectors stored.
  const all = new Float32Array(passageCount * dimension)
  const perFile = Math.ceil(passageCount / 1000)
  db.pragma('synchronous = OFF')
  vectors.ensure(modelKeyOf(model), dimension)
  let made = 0
  for (let f = 0; made < passageCount; f++) {
    const n = Math.min(perFile, passageCount - made)
    const id = seedLibraryFile(
      db,
      `file-${f}.txt`,
      Array.from({ length: n }, () => paragraph(50))
    )
    db.transaction(() => {
      for (const pid of passages.idsOf(id)) {
        const v = sample()
        all.set(v, made * dimension)
        vectors.put(pid, id, v)
        made++
      }
      tree.setStatus(id, 'ready', modelKeyOf(model))
    })()
  }
  db.pragma('synchronous = FULL')
  const ids = db.prepare('SELECT id FROM vfs_passages ORDER BY id').pluck().all() as number[]

  const times: number[] = []
  const cpuTimes: number[] = []
  const vectorTimes: number[] = []
  const keywordTimes: number[] = []
  let recall = 0
  for (let qi = 0; qi < queries + 5; qi++) {
    const text = `${word()} ${word()} ${word()} ${qi}`
    const q = sample()
    queryVectors.set(text, q)
    const cpu = process.cpuUsage()
    const t = performance.now()
    const res = await node.router.handle({ method: 'POST', path: '/v2/search_items', body: { search: text, max_results: 10 } })
    const elapsed = performance.now() - t
    const used = process.cpuUsage(cpu)
    if (res.status !== 200) throw new Error(JSON.stringify(res.body))
    const tv = performance.now()
    const hits = vectors.search(q, 10)
    const vectorElapsed = performance.now() - tv
    const tk = performance.now()
    passages.keyword(text, 50)
    const keywordElapsed = performance.now() - tk
    if (qi < 5) continue // warm-up
    times.push(elapsed)
    cpuTimes.push((used.user + used.system) / 1000)
    vectorTimes.push(vectorElapsed)
    keywordTimes.push(keywordElapsed)
    // Exact top 10 by cosine over every vector.
    const scores = new Float32Array(passageCount)
    for (let i = 0; i < passageCount; i++) scores[i] = dot(q, all.subarray(i * dimension, (i + 1) * dimension))
    const exact = new Set(
      [...scores.keys()]
        .sort((a, b) => scores[b]! - scores[a]!)
        .slice(0, 10)
        .map((i) => ids[i]!)
    )
    recall += hits.filter((h) => exact.has(h.id)).length / 10
  }
  // Queries typed so far: the starts of words (which match every word they begin) and a word of one letter.
  const startsTimes: number[] = []
  const startsKeywordTimes: number[] = []
  for (let qi = 0; qi < queries + 5; qi++) {
    const text = `${word().slice(0, 3)} ${word().slice(0, 4)} ${word().slice(0, 1)}`
    const t = performance.now()
    const res = await node.router.handle({ method: 'POST', path: '/v2/search_items', body: { search: text, max_results: 10 } })
    const elapsed = performance.now() - t
    if (res.status !== 200) throw new Error(JSON.stringify(res.body))
    const tk = performance.now()
    passages.keyword(text, 50)
    const keywordElapsed = performance.now() - tk
    if (qi < 5) continue // warm-up
    startsTimes.push(elapsed)
    startsKeywordTimes.push(keywordElapsed)
  }
  await close()
  return {
    passages: passageCount,
    dimension,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    cpuP50: percentile(cpuTimes, 50),
    cpuP95: percentile(cpuTimes, 95),
    vectorP95: percentile(vectorTimes, 95),
    keywordP95: percentile(keywordTimes, 95),
    recallAt10: recall / queries,
    queries,
    startsP95: percentile(startsTimes, 95),
    startsKeywordP95: percentile(startsKeywordTimes, 95)
  }
}

/** Rows for bench/run.ts's table: measure, ours, floor, floor time, ratio, verdict. */
export async function benchVectorFs(quick: boolean): Promise<string[][]> {
  const rows: string[][] = []
  const ingest = await benchIngest(quick ? 100 : 1000, 50_000)
  const ratio = ingest.floorMs / ingest.oursMs
  rows.push([
    `VectorFS ingest: ${ingest.docs} text documents (${ingest.megabytes.toFixed(0)} MB, ${ingest.passages} passages)`,
    `${((ingest.megabytes / ingest.oursMs) * 1000).toFixed(1)} MB/s`,
    'raw FTS5 inserts of the same passages',
    `${((ingest.megabytes / ingest.floorMs) * 1000).toFixed(1)} MB/s`,
    `${ratio.toFixed(2)}x of floor`,
    ratio >= 0.5 ? 'ok (>= 0.5x)' : 'UNDER 0.5x'
  ])
  const s = await benchSearch(quick ? 10_000 : 100_000)
  rows.push([
    `VectorFS search_items: ${s.passages} passages, ${s.dimension}-d vectors (${s.queries} queries)`,
    `p50 ${s.p50.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms`,
    'target p95 50 ms',
    `CPU per call p50 ${s.cpuP50.toFixed(1)} ms, p95 ${s.cpuP95.toFixed(1)} ms; vector stage p95 ${s.vectorP95.toFixed(1)} ms, keywords p95 ${s.keywordP95.toFixed(1)} ms`,
    '',
    s.p95 <= 50 ? 'ok' : 'OVER'
  ])
  rows.push([
    `VectorFS search_items of word starts ("abc abcd a"): ${s.passages} passages (${s.queries} queries)`,
    `p95 ${s.startsP95.toFixed(1)} ms`,
    'target p95 50 ms',
    `keywords p95 ${s.startsKeywordP95.toFixed(1)} ms`,
    '',
    s.startsP95 <= 50 ? 'ok' : 'OVER'
  ])
  rows.push([
    `VectorFS recall@10 of the vector stage vs exact cosine`,
    s.recallAt10.toFixed(3),
    'target 0.95',
    '',
    '',
    s.recallAt10 >= 0.95 ? 'ok' : 'UNDER'
  ])
  return rows
}

if (process.argv[1]?.endsWith('vector-fs.ts')) {
  void benchVectorFs(process.argv.includes('--quick')).then((rows) => {
    const header = ['measure', 'ours', 'floor', 'floor time', 'ratio', 'verdict']
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)))
    const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i]!)).join('  ')
    console.log(
      `\nNodedesk VectorFS bench (node ${process.version}, ${new Date().toISOString()}, load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores)`
    )
    console.log(line(header))
    console.log(widths.map((w) => '-'.repeat(w)).join('  '))
    for (const r of rows) console.log(line(r))
  })
}
