import type { Database } from 'better-sqlite3'
import { limitedStatements } from '../store/limited-statements'
import { EmbeddingFailure, type EmbedderFactory, type VfsLogger } from './embedder'
import type { PassageIndex } from './passage-index'
import { modelKeyOf, type VfsSettings } from './settings'
import type { TreeRepo } from './tree'
import type { VectorIndex } from './vector-index'
import type { EmbeddingFailure as EmbeddingFailureState, EmbeddingWait } from '../../shared/contract/vector-fs-browse'
import { counted } from '../../shared/byte-size'

export interface EmbeddingQueueOptions {
  /** Passages per provider call. */
  readonly batchSize: number
  /** Tries per batch on 429/5xx failures before its files are marked failed. */
  readonly maxAttempts: number
  /**
   * Tries per batch when the server cannot be reached (connection refused, no such host): one more
   * after the first back-off rides over a server restarting. Past them every file waiting is marked
   * failed at once: the next batches would only wait for the same outcome.
   */
  readonly unreachableAttempts: number
  /** First back-off; doubles each try (with jitter), capped by maxBackoffMs. */
  readonly backoffMs: number
  readonly maxBackoffMs: number
  /**
   * A call not answered by then is given up, and the server taken for unreachable (one that accepts
   * and never answers would hold the queue for this long per try, batch after batch).
   */
  readonly callTimeoutMs: number
  /**
   * A call pending this long is said to be waiting on the server (vector_fs_file_states'
   * `embedding_wait`): a batch answers in well under this, and the files would otherwise show
   * "processing" for up to callTimeoutMs with nothing saying why.
   */
  readonly waitNoticeMs: number
}

export const DEFAULT_QUEUE_OPTIONS: EmbeddingQueueOptions = {
  batchSize: 64,
  maxAttempts: 6,
  unreachableAttempts: 2,
  backoffMs: 1000,
  maxBackoffMs: 60_000,
  callTimeoutMs: 120_000,
  waitNoticeMs: 5000
}

interface Deps {
  readonly db: Database
  readonly tree: TreeRepo
  readonly passages: PassageIndex
  readonly vectors: VectorIndex
  readonly settings: VfsSettings
  readonly embedders: EmbedderFactory
  readonly log: VfsLogger
  /** Files whose status or embeddings changed. */
  readonly onChanged: (itemIds: readonly number[]) => void
  /** The server could not be reached (the files waiting were marked failed): `message` says how. */
  readonly onUnreachable?: (message: string) => void
  readonly options: EmbeddingQueueOptions
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((done) => {
    if (signal.aborted) return done()
    const t = setTimeout(done, ms)
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(t)
        done()
      },
      { once: true }
    )
  })

const duration = (ms: number) => (ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`)

/**
 * Embeds passages in the background. The queue is the `pending_embedding` flag in SQLite: it is
 * cleared in the transaction that stores the vectors, so a restart resumes where it stopped.
 * A change of model aborts the batch in flight; what it brings back is dropped, not stored.
 */
export function embeddingQueue(deps: Deps) {
  const { db, tree, vectors, settings, options } = deps
  // The limit is written into the SQL (see store/limited-statements.ts).
  const pendingBatch = limitedStatements(
    (limit) =>
      db.prepare<[], { id: number; item_id: number; text: string }>(
        `SELECT id, item_id, text FROM vfs_passages WHERE pending_embedding = 1
         AND item_id NOT IN (SELECT id FROM vfs_entries WHERE parent_id = ${tree.stagingId}) ORDER BY id LIMIT ${limit}`
      ),
    1
  )
  const clearPending = db.prepare(`UPDATE vfs_passages SET pending_embedding = 0 WHERE id = ?`)
  // Ids are reused (a file deleted and another stored may get its ids): a vector is stored only for the text it was made from.
  const stillPending = db
    .prepare<[number, number, string], number>(
      `SELECT 1 FROM vfs_passages WHERE id = ? AND item_id = ? AND pending_embedding = 1 AND text = ?`
    )
    .pluck()
  const clearItem = db.prepare(`UPDATE vfs_passages SET pending_embedding = 0 WHERE item_id = ?`)
  // Every file still waiting, the batch's and the rest: an unreachable server fails them all alike.
  const pendingItems = db
    .prepare<[], number>(
      `SELECT DISTINCT item_id FROM vfs_passages WHERE pending_embedding = 1
       AND item_id NOT IN (SELECT id FROM vfs_entries WHERE parent_id = ${tree.stagingId})`
    )
    .pluck()
  const requeueFailed = db.prepare(
    `UPDATE vfs_passages SET pending_embedding = 1 WHERE item_id IN (SELECT id FROM vfs_entries WHERE is_folder = 0 AND status LIKE 'failed:%')`
  )
  const setFailedProcessing = db.prepare(
    `UPDATE vfs_entries SET status = 'processing', embedded_model = NULL WHERE is_folder = 0 AND status LIKE 'failed:%'`
  )
  const pendingOf = db.prepare<[number], { n: number }>(
    `SELECT count(*) AS n FROM vfs_passages WHERE item_id = ? AND pending_embedding = 1`
  )
  const requeueAll = db.prepare(`UPDATE vfs_passages SET pending_embedding = 1`)
  const unqueueAll = db.prepare(`UPDATE vfs_passages SET pending_embedding = 0`)
  const setAllFiles = db.prepare(`UPDATE vfs_entries SET status = ?, embedded_model = NULL WHERE is_folder = 0`)
  // Files with no text (empty, a scan): nothing to embed, so ready, and not said to be embedded.
  const emptyFilesReady = db.prepare(
    `UPDATE vfs_entries SET status = 'ready', embedded_model = NULL WHERE is_folder = 0 AND id NOT IN (SELECT item_id FROM vfs_passages)`
  )

  let loop: Promise<void> | undefined
  let closed = false
  /** The last failure while the batch in hand is tried again: the files stay processing, and this says why. */
  let lastFailure: EmbeddingFailureState | null = null
  /** The call in flight to the embedding server, while there is one. */
  let pendingCall: { providerId: string; model: string; since: number } | undefined
  let batchAbort: AbortController | undefined
  let again = false

  async function embedWithRetry(texts: string[], providerId: string, model: string, signal: AbortSignal): Promise<number[][]> {
    const embedder = deps.embedders(providerId, model)
    for (let attempt = 1; ; attempt++) {
      const timeout = AbortSignal.timeout(options.callTimeoutMs)
      pendingCall = { providerId, model, since: Date.now() }
      try {
        const out = await embedder.embed(texts, AbortSignal.any([signal, timeout])).finally(() => (pendingCall = undefined))
        if (out.length !== texts.length)
          throw new EmbeddingFailure(
            `the provider returned ${counted(out.length, 'vector')} for ${counted(texts.length, 'passage')}`,
            false
          )
        const dim = out[0]?.length ?? 0
        if (dim === 0 || out.some((v) => v.length !== dim || v.some((x) => !Number.isFinite(x)))) {
          throw new EmbeddingFailure('the provider returned malformed vectors', false)
        }
        return out
      } catch (err) {
        if (signal.aborted) throw err
        // No answer in time: another try would wait as long again, so the server is taken for unreachable at once.
        const failure = timeout.aborted
          ? new EmbeddingFailure(
              `The embedding server did not answer within ${duration(options.callTimeoutMs)}. Check that it is running and that the model is loaded.`,
              false,
              undefined,
              true
            )
          : err instanceof EmbeddingFailure
            ? err
            : new EmbeddingFailure(String((err as Error)?.message ?? err), false)
        const maxAttempts = failure.unreachable ? Math.min(options.maxAttempts, options.unreachableAttempts) : options.maxAttempts
        if (!failure.retryable || attempt >= maxAttempts) throw failure
        const backoff = Math.min(options.maxBackoffMs, options.backoffMs * 2 ** (attempt - 1))
        const wait = Math.min(options.maxBackoffMs, failure.retryAfterMs ?? backoff * (0.75 + Math.random() * 0.5))
        deps.log.info(`embedding: ${failure.message}; trying again in ${Math.round(wait)} ms (attempt ${attempt + 1})`)
        const at = Date.now()
        lastFailure = {
          message: failure.message,
          at: new Date(at).toISOString(),
          attempt,
          max_attempts: maxAttempts,
          next_try_at: new Date(at + Math.round(wait)).toISOString()
        }
        await sleep(wait, signal)
        if (signal.aborted) throw err
      }
    }
  }

  async function runOnce(): Promise<boolean> {
    const model = settings.embeddingModel()
    if (!model) return false
    const key = modelKeyOf(model)
    const batch = pendingBatch(options.batchSize).all()
    if (batch.length === 0) return false
    const itemIds = [...new Set(batch.map((p) => p.item_id))]
    const controller = new AbortController()
    batchAbort = controller
    let result: { ok: true; vectors: number[][] } | { ok: false; message: string; unreachable: boolean }
    try {
      result = {
        ok: true,
        vectors: await embedWithRetry(
          batch.map((p) => p.text),
          model.providerId,
          model.model,
          controller.signal
        )
      }
    } catch (err) {
      if (controller.signal.aborted || closed) return !closed
      result = { ok: false, message: (err as Error).message, unreachable: err instanceof EmbeddingFailure && err.unreachable }
    } finally {
      batchAbort = undefined
      // Past the tries the files say why themselves (failed: …); after a success nothing is wrong.
      lastFailure = null
    }
    if (closed || !db.open) return false
    const current = settings.embeddingModel()
    if (!current || modelKeyOf(current) !== key) return true // the model changed meanwhile: start over
    const changed = db
      .transaction(() => {
        if (!result.ok) {
          // Only the files the batch was made of (not one stored since under a reused id); all those
          // waiting when the server could not be reached: each next batch would wait to fail alike.
          const failed = result.unreachable
            ? pendingItems.all()
            : [...new Set(batch.filter((p) => stillPending.get(p.id, p.item_id, p.text) !== undefined).map((p) => p.item_id))]
          if (result.unreachable)
            deps.log.info(
              `embedding: ${result.message}; the ${counted(failed.length, 'file')} waiting ${failed.length === 1 ? 'is' : 'are'} marked failed`
            )
          for (const id of failed) {
            clearItem.run(id)
            tree.setStatus(id, `failed: ${result.message}`, null)
          }
          return failed
        }
        const dim = result.vectors[0]!.length
        if (vectors.modelKey() !== key || vectors.dimension() !== dim) {
          const hadOther = vectors.modelKey() !== undefined
          vectors.ensure(key, dim)
          // A table made again (another dimension) holds nothing: everything is embedded anew.
          if (hadOther) requeueAll.run()
        }
        batch.forEach((p, i) => {
          if (stillPending.get(p.id, p.item_id, p.text) === undefined) return // deleted (or replaced) meanwhile
          vectors.put(p.id, p.item_id, result.vectors[i]!)
          clearPending.run(p.id)
        })
        const done: number[] = []
        for (const id of itemIds) {
          if (tree.get(id) && pendingOf.get(id)!.n === 0) {
            tree.setStatus(id, 'ready', key)
            done.push(id)
          }
        }
        return done
      })
      .immediate()
    if (changed.length) deps.onChanged(changed)
    if (!result.ok && result.unreachable) deps.onUnreachable?.(result.message)
    return true
  }

  async function drain() {
    try {
      do {
        again = false
        while (!closed && (await runOnce()));
      } while (again && !closed)
    } catch (err) {
      if (!closed) deps.log.error('embedding queue stopped', err)
    } finally {
      loop = undefined
    }
  }

  return {
    /** Starts embedding if there is work and no loop runs. */
    wake() {
      if (closed) return
      if (loop) {
        again = true
        return
      }
      loop = new Promise<void>((r) => setImmediate(r)).then(drain)
    },
    /**
     * Switches to another model (or none): the vectors go, every file is queued again (in the
     * caller's transaction). The batch in flight is aborted.
     */
    resetForModel(model: { providerId: string; model: string } | undefined) {
      vectors.drop()
      if (model) {
        requeueAll.run()
        setAllFiles.run('processing')
        emptyFilesReady.run()
      } else {
        unqueueAll.run()
        setAllFiles.run('ready')
      }
      batchAbort?.abort()
      lastFailure = null
    },
    /**
     * Embeds the failed files again, with the model in use (once its server runs again, say): their
     * passages are queued and they are processing (in the caller's transaction). Answers how many.
     */
    requeueFailed(): number {
      requeueFailed.run() // first: it finds the files by their failed status
      const n = setFailedProcessing.run().changes
      // A failed file without passages (none are made so) would stay processing: it has nothing to embed.
      const model = settings.embeddingModel()
      if (model) emptyFilesReady.run()
      return n
    },
    /**
     * The model's provider now calls another address or with another key: the call under way (or
     * the wait before the next try) is dropped, and the batch asked again at once with the new
     * settings. Waiting for the old server's answer or time-out would fail files the edit mended.
     */
    retryNow() {
      batchAbort?.abort()
      lastFailure = null
    },
    /** Why the files being embedded are still processing, while the provider fails and the batch is tried again. */
    failure: (): EmbeddingFailureState | null => lastFailure,
    /** The call the files processing wait on, once it has been unanswered for waitNoticeMs; null otherwise. */
    waiting: (): EmbeddingWait | null => {
      const call = pendingCall
      if (!call || Date.now() - call.since < options.waitNoticeMs) return null
      return {
        provider_id: call.providerId,
        model: call.model,
        since: new Date(call.since).toISOString(),
        gives_up_at: new Date(call.since + options.callTimeoutMs).toISOString()
      }
    },
    /** Resolves once nothing is being embedded (for tests and shutdown). */
    idle: async () => {
      while (loop) await loop
    },
    async close() {
      closed = true
      batchAbort?.abort()
      while (loop) await loop
    }
  }
}
export type EmbeddingQueue = ReturnType<typeof embeddingQueue>
