import type { Database } from 'better-sqlite3'
import { randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { readFile, rm } from 'node:fs/promises'
import type { LocalVrkaiEntry } from '../../shared/contract/scope'
import { FOLDER_NOT_REPLACED, formatVfsPath, VFS_MAX_UPLOAD_BYTES, type FileInfo, type SearchResult } from '../../shared/contract/vector-fs'
import { debugEvent } from '../platform/debug-log'
import { bm25Scores } from './bm25'
import { DEFAULT_CHUNKING, type ChunkOptions } from './chunker'
import { noEmbedders, type EmbedderFactory, type VfsLogger } from './embedder'
import { DEFAULT_QUEUE_OPTIONS, embeddingQueue, type EmbeddingQueueOptions } from './embedding-queue'
import { inProcessReader, sourceExtractWorker, processReader, type ExtractWorkerEntry } from './document-reader'
import { contentTypeOf, documentKindOf, extractText, fileTypeOf, namesCharset, UnreadableContent, type FileType } from './extract'
import { fileEncoding, fileStore, type UploadSource } from './file-store'
import { passageIndex } from './passage-index'
import { cutInSlices, stagedWrites } from './staged-upload'
import { uploadGate } from './upload-gate'
import { fuseRanks } from './rank-fusion'
import { commonWords } from './question-words'
import { exportVrkai } from './resource-export'
import { modelKeyOf, vfsSettings, type EmbeddingModel } from './settings'
import { ROOT_ID, treeRepo, type EntryRow, type ListedEntry } from './tree'
import { typedPath } from './path-search'
import { foldName, nameSearchWords } from '../../shared/contract/vector-fs-names'
import { dot, normalize, vectorIndex } from './vector-index'
import { folderMoves, pathStartsWith } from './folder-moves'
import { uploadTooLarge } from '../../shared/contract/limits'
import { unreadableTypeMessage } from '../../shared/contract/vector-fs-types'

export type { Embedder, EmbedderFactory } from './embedder'
export { EmbeddingFailure } from './embedder'
export type { EmbeddingModel } from './settings'

/** A failure the caller can act on; the handlers turn it into `{code, error, message}`. */
export class VfsError extends Error {
  constructor(
    readonly status: 400 | 404 | 409 | 413 | 415,
    message: string
  ) {
    super(message)
  }
}

export interface VectorFsOptions {
  readonly db: Database
  /** `<data-dir>/files`: originals, content-addressed. */
  readonly filesDir: string
  readonly now: () => string
  readonly log: VfsLogger
  /** Tells clients to look again at `path`. */
  readonly onChanged: (path: string) => void
  readonly embedders?: EmbedderFactory
  readonly queue?: Partial<EmbeddingQueueOptions>
  readonly chunking?: ChunkOptions
  /** How many bytes of uploads are read and stored at once (default UPLOAD_BYTES_AT_ONCE); others wait their turn. */
  readonly uploadBytesAtOnce?: number
  readonly maxUploadBytes?: number
  /** Query embeddings give up after this long (search then uses keywords alone). */
  readonly queryTimeoutMs?: number
  /**
   * After a query could not be embedded, searches use keywords alone for this long before asking the
   * provider again; doubled at each failure in a row (up to QUERY_PAUSE_MAX_MS).
   */
  readonly queryRetryMs?: number
  /** Where PDF and DOCX files are read: the extraction process (default: from the sources), or this thread. */
  readonly extractWorker?: ExtractWorkerEntry | 'in-process'
  /** How long one PDF or DOCX may take to read in the extraction process before it is stopped and the file refused. */
  readonly extractTimeoutMs?: number
  /** How long the extraction process may take to be ready before it counts as a start that failed. */
  readonly extractStartTimeoutMs?: number
  /** The extraction process's heap in MB; a document that needs more is refused. */
  readonly extractHeapMb?: number
}

export interface UploadInput {
  readonly folder: readonly string[]
  readonly filename: string
  readonly source: UploadSource
  readonly fileDatetime?: string | null
  /** A file of the same name in the folder is replaced when the new one is placed (a folder of that name never is). */
  readonly replace?: boolean
  /**
   * When the request began (`performance.now()`), if its bytes took time to arrive: `folder` is the
   * path as it was then, and the folder it named is followed through moves made since.
   */
  readonly began?: number
}

/** A passage of a job's scope chosen for a prompt, with where it came from. */
export interface ScopePassage {
  readonly text: string
  readonly path: string
  readonly name: string
  readonly node_id: string
  readonly score: number
  /** Its cosine similarity to the question, when it was found by meaning. */
  readonly similarity?: number
}

/** A passage of a job's local documents (vrkai/vrpack scope entries), as the runtime keeps them parsed. */
export interface LocalPassage {
  /** The document's name. */
  readonly source: string
  readonly text: string
  readonly node_id?: string
  /** The node's own embedding and the model that made it. */
  readonly vector?: readonly number[]
  readonly model?: string
}

export interface ScopeRequest {
  /** The scope's VectorFS folders (everything under each) and files, as path segments. */
  readonly refs: { readonly folders: readonly (readonly string[])[]; readonly items: readonly (readonly string[])[] }
  readonly local: readonly LocalPassage[]
  readonly question: string
  readonly budgetChars: number
}

/** What the answer runtime asks of the document library before each answer. */
export interface ScopeRetrieval {
  /** The passages of the scope that best match the question, best first, within the budget; nothing outside the scope. */
  passagesFor(request: ScopeRequest): Promise<ScopePassage[]>
}

/** Keyword hits taken into fusion. */
const CANDIDATES = 50
/** The longest a failing embedding server keeps searches to keywords before a query asks it again. */
const QUERY_PAUSE_MAX_MS = 10 * 60_000
/** Nearest passages taken into an answer's fusion (a prompt holds about ten). */
const SEMANTIC_CANDIDATES = 20

export function createVectorFs(options: VectorFsOptions) {
  const { db, now, log } = options
  const tree = treeRepo(db)
  const passages = passageIndex(db)
  const vectors = vectorIndex(db)
  const settings = vfsSettings(db)
  const files = fileStore(options.filesDir)
  const moves = folderMoves()
  /**
   * The folders uploads are storing files into, each marked once removed: a removed folder's id can
   * be given to the next entry made (vfs_entries reuses the largest id), so it is not looked up again.
   */
  const uploadFolders = new Set<{ readonly id: number; removed: boolean }>()
  const staged = stagedWrites({ db, tree, passages, vectors, closed: () => closed })
  const embedders = options.embedders ?? noEmbedders
  const maxUpload = options.maxUploadBytes ?? VFS_MAX_UPLOAD_BYTES
  const uploadTurns = uploadGate(options.uploadBytesAtOnce)
  const chunking = options.chunking ?? DEFAULT_CHUNKING
  const documents =
    options.extractWorker === 'in-process'
      ? inProcessReader()
      : processReader(options.extractWorker ?? sourceExtractWorker(), {
          log,
          timeoutMs: options.extractTimeoutMs,
          startTimeoutMs: options.extractStartTimeoutMs,
          heapMb: options.extractHeapMb
        })
  const queryCache = new Map<string, number[]>()
  /** Until when queries are not embedded: the provider failed or did not answer (each search waited for its time-out). */
  let queryPausedUntil = 0
  /** Failures in a row of the query embedding (or the queue finding the server unreachable): each doubles the pause. */
  let queryFailures = 0
  /**
   * Searches use keywords alone for a while. A server that accepts and never answers (or a host that
   * is off) held a search for the query's time-out (15 s) every 30 s, as the operator typed.
   */
  const pauseQueries = (why: string) => {
    queryFailures++
    const ms = Math.min(QUERY_PAUSE_MAX_MS, (options.queryRetryMs ?? 30_000) * 2 ** (queryFailures - 1))
    queryPausedUntil = Date.now() + ms
    log.info(`search by keywords only for ${Math.round(ms / 1000)} s: ${why}`)
  }
  const resumeQueries = () => {
    queryFailures = 0
    queryPausedUntil = 0
  }
  let closed = false

  const pathOf = (id: number) => formatVfsPath(tree.segmentsOf(id))
  const changed = (path: string) => {
    try {
      options.onChanged(path)
    } catch (err) {
      log.error('vector_fs_changed listener failed', err)
    }
  }
  const queue = embeddingQueue({
    db,
    tree,
    passages,
    vectors,
    settings,
    embedders,
    log,
    options: { ...DEFAULT_QUEUE_OPTIONS, ...options.queue },
    // What the queue found of the server holds for queries too: each would wait to fail the same way.
    onUnreachable: (message) => pauseQueries(`the embedding server could not be reached (${message})`),
    onChanged: (ids) => {
      for (const id of ids) if (tree.get(id)) changed(pathOf(id))
    }
  })

  const currentKey = () => {
    const m = settings.embeddingModel()
    return m ? modelKeyOf(m) : undefined
  }

  /** `key`: the current embedding model's, read once per listing (not once per entry: a folder may hold thousands). */
  function info(e: ListedEntry, segments: string[], depth: number, level: number, key: string | undefined): FileInfo {
    const isDir = e.is_folder === 1
    return {
      path: formatVfsPath(segments),
      path_ids: segments,
      name: e.name,
      is_directory: isDir,
      created_time: e.created_time,
      modified_time: e.modified_time,
      has_embeddings: !isDir && key !== undefined && e.embedded_model === key,
      size: isDir ? 0 : e.size,
      status: isDir ? null : (e.status ?? 'ready'),
      children: isDir && level <= depth ? tree.children(e.id).map((c) => info(c, [...segments, c.name], depth, level + 1, key)) : null
    }
  }

  function folderAt(segments: readonly string[], field: string): EntryRow {
    const e = tree.resolve(segments)
    if (!e) throw new VfsError(404, `${field}: no folder ${formatVfsPath(segments)}`)
    // A file where a folder is named is a folder that does not exist (404, as fileAt answers a folder named as a file).
    if (!e.is_folder) throw new VfsError(404, `${field}: no folder ${formatVfsPath(segments)} (it is a file)`)
    return e
  }
  function fileAt(segments: readonly string[], field: string): EntryRow {
    const e = tree.resolve(segments)
    if (!e || e.is_folder) throw new VfsError(404, `${field}: no file ${formatVfsPath(segments)}`)
    return e
  }

  /**
   * The file (`item`) or folder at `segments`, for a move or delete of that kind. The other kind there
   * is still a 404 (no file of that path), said as what is there and the endpoint that acts on it:
   * "no file /A" read as if /A did not exist.
   */
  function entryOfKind(kind: 'item' | 'folder', segments: readonly string[], field: string, action: 'move' | 'delete'): EntryRow {
    const e = tree.resolve(segments)
    const path = formatVfsPath(segments)
    if (!e) throw new VfsError(404, `${field}: no ${kind === 'item' ? 'file' : 'folder'} ${path}`)
    if (kind === 'item' && e.is_folder) throw new VfsError(404, `${field}: ${path} is a folder, not a file: use ${action}_folder`)
    if (kind === 'folder' && !e.is_folder) throw new VfsError(404, `${field}: ${path} is a file, not a folder: use ${action}_item`)
    return e
  }

  /** Removes the entry and everything under it (in the caller's transaction); answers the blobs no longer used. */
  function removeSubtree(id: number): string[] {
    const rows = tree.subtree(id).reverse() // children before their parents
    const shas = new Set<string>()
    for (const r of rows) {
      if (!r.is_folder) {
        vectors.remove(passages.idsOf(r.id))
        passages.remove(r.id)
        if (r.sha256) shas.add(r.sha256)
      }
      tree.remove(r.id)
    }
    return [...shas].filter((sha) => !tree.isShaUsed(sha))
  }

  /**
   * Query embeddings under way, each with the provider it was sent to. An edit of that provider (or
   * another model chosen) drops them, and each is asked again with the settings then: one waiting on
   * a server that never answers held its search or answer for the whole time-out (15 s), then
   * counted as the mended server failing.
   */
  const queryCalls = new Map<AbortController, string>()
  const dropQueries = (providerId?: string) => {
    for (const [call, id] of queryCalls) if (providerId === undefined || id === providerId) call.abort()
  }
  /**
   * Set once the node begins to stop: lookups under way end, and none begins again. A search or an
   * answer that waited goes on as after any failed lookup (keywords alone): one waiting on a server
   * that never answers held the stop for the lookup's whole time-out (15 s).
   */
  let queriesStopped = false
  const stopQueries = () => {
    queriesStopped = true
    dropQueries()
  }

  /**
   * The model gave questions' vectors of another length than the library's (the model behind its name
   * was swapped), twice in a row: the two cannot be compared, and searches by meaning found nothing while every file
   * said it was embedded. The library is embedded again, as when a batch comes back of another length
   * (embedding-queue); searches go by keywords alone until it is.
   */
  let lengthMismatches = 0
  function embedAgainForLength(model: EmbeddingModel, length: number) {
    log.info(
      `embedding: ${model.model} now gives vectors of ${length} numbers, the library's have ${vectors.dimension()}: every file is embedded again`
    )
    db.transaction(() => queue.resetForModel(model)).immediate()
    queryCache.clear()
    changed('/')
    queue.wake()
  }

  async function queryVector(text: string): Promise<number[] | undefined> {
    for (;;) {
      const model = settings.embeddingModel()
      if (queriesStopped || !model || !vectors.modelKey()) return undefined
      const cacheKey = `${modelKeyOf(model)}\u0000${text}`
      const cached = queryCache.get(cacheKey)
      if (cached) return cached
      if (Date.now() < queryPausedUntil) return undefined
      const edited = new AbortController()
      queryCalls.set(edited, model.providerId)
      try {
        const signal = AbortSignal.any([AbortSignal.timeout(options.queryTimeoutMs ?? 15_000), edited.signal])
        const [v] = await embedders(model.providerId, model.model).embed([text], signal)
        if (!v || v.length === 0 || !v.every(Number.isFinite)) return undefined
        if (vectors.modelKey() === modelKeyOf(model) && vectors.dimension() !== v.length) {
          // Twice in a row before the whole library is embedded again: one odd reply (a proxy sending
          // one question elsewhere) does not cost that.
          if (++lengthMismatches >= 2) {
            lengthMismatches = 0
            embedAgainForLength(model, v.length)
          }
          return undefined
        }
        lengthMismatches = 0
        if (queryCache.size >= 256) queryCache.delete(queryCache.keys().next().value!)
        queryCache.set(cacheKey, v)
        queryFailures = 0
        return v
      } catch (err) {
        // Dropped: by the stop (nothing to pause: no search comes after it), or by an edit, and then
        // asked again with the new settings.
        if (edited.signal.aborted) {
          if (queriesStopped) return undefined
          continue
        }
        pauseQueries(`the query could not be embedded (${(err as Error).message})`)
        return undefined
      } finally {
        queryCalls.delete(edited)
      }
    }
  }

  /** The files of a scope that still exist. */
  function scopeItems(refs: ScopeRequest['refs']): number[] {
    const ids = new Set<number>()
    for (const f of refs.folders) {
      const e = tree.resolve(f)
      if (e?.is_folder) for (const id of tree.filesUnder(e.id)) ids.add(id)
    }
    for (const i of refs.items) {
      const e = tree.resolve(i)
      if (e && !e.is_folder) ids.add(e.id)
    }
    return [...ids]
  }

  /**
   * Reads, cuts and stores an upload's file into the folder `check` answers (asked again before each
   * write, and throwing if the folder was removed or took a file of that name meanwhile).
   */
  async function store(input: UploadInput, check: () => EntryRow): Promise<FileInfo> {
    const type = fileTypeOf(input.filename)
    if (!type) throw new VfsError(415, unreadableTypeMessage('filename', input.filename))
    const size = 'bytes' in input.source ? input.source.bytes.length : input.source.size
    if (size > maxUpload) throw new VfsError(413, uploadTooLarge('file_data', maxUpload))
    // Its turn first: what follows holds several times the file's size in memory until it is stored.
    const leave = await uploadTurns.enter(size)
    try {
      return await storeNow(input, check, type)
    } finally {
      leave()
    }
  }

  /**
   * The passages of an upload's file (and a .vrkai's entry as stored). Only these outlive the call:
   * the file's bytes and its text (as large again, twice for text beyond Latin-1) are let go before
   * the passages are stored, which takes longest.
   */
  async function passagesOfUpload(input: UploadInput, type: FileType) {
    let extracted
    try {
      extracted = await extractText(type, 'bytes' in input.source ? input.source.bytes : await readFile(input.source.file), documents)
    } catch (err) {
      if (err instanceof UnreadableContent) {
        const message = `file_data: ${input.filename} could not be read: ${err.message}`
        // The parser's own words, which the message leaves out (the log never has the file's content).
        debugEvent(`upload refused: ${message}`, err.cause)
        throw new VfsError(400, message)
      }
      throw err
    }
    const resourceJson = extracted.kind === 'vrkai' ? JSON.stringify(extracted.entry) : null
    const nodes =
      extracted.kind === 'vrkai'
        ? extracted.entry.vrkai.resource.Document.nodes
            .filter((n) => n.content.Text.trim())
            .map((n) => ({ nodeId: n.id, text: n.content.Text }))
        : await cutInSlices(extracted.text, extracted.markdown, chunking)
    return { nodes, resourceJson }
  }

  async function storeNow(input: UploadInput, check: () => EntryRow, type: FileType): Promise<FileInfo> {
    const { nodes, resourceJson } = await passagesOfUpload(input, type)
    const blob = await files.put(input.source)
    let target: string[]
    // The blobs of a replaced file that no other entry uses.
    let unused: string[] = []
    const model = settings.embeddingModel()
    const created = now()
    // The file waits in the staging folder, seen by no list, search or scope, until its last passage is stored.
    let id: number | undefined
    try {
      id = db
        .transaction(() => {
          check()
          return tree.insertFile({
            parentId: tree.stagingId,
            name: randomUUID(),
            sha256: blob.sha256,
            size: blob.size,
            fileType: type,
            status: model && nodes.length ? 'processing' : 'ready',
            createdTime: created,
            modifiedTime: input.fileDatetime ? new Date(input.fileDatetime).toISOString() : created,
            resourceJson
          })
        })
        .immediate()
      await staged.insert(id, nodes, () => settings.embeddingModel() !== undefined)
      const itemId = id
      target = db
        .transaction(() => {
          const folder = check()
          const replaced = input.replace ? tree.namesake(folder.id, input.filename) : undefined
          if (replaced) unused = removeSubtree(replaced.id)
          tree.place(itemId, folder.id, input.filename)
          // The model as it is now: it may have changed while the passages were stored. A file with no
          // text (empty, a scan) has nothing to embed: ready, and not said to be embedded.
          if (settings.embeddingModel() && !nodes.length) tree.setStatus(itemId, 'ready', null)
          return [...tree.segmentsOf(folder.id), input.filename]
        })
        .immediate()
    } catch (err) {
      files.release(blob.sha256)
      if (id !== undefined && !(await staged.discard(id))) throw err
      await files.remove(blob.sha256, () => tree.isShaUsed(blob.sha256))
      throw err
    }
    files.release(blob.sha256)
    // The file as placed: while the copies it replaced leave the disk below, another request may
    // replace, move or delete it, and the answer still describes what this upload stored.
    const placed = info(tree.get(id)!, target, 0, 1, currentKey())
    for (const sha of unused) await files.remove(sha, () => tree.isShaUsed(sha))
    changed(formatVfsPath(target))
    // The queue skipped the file while it was staged (and may have gone idle): it has work now.
    if (settings.embeddingModel()) queue.wake()
    return placed
  }

  const vfs = {
    stagingDir: files.stagingDir,
    maxUploadBytes: maxUpload,

    retrievePath(segments: readonly string[], depth: number): FileInfo[] {
      const folder = folderAt(segments, 'path')
      const key = currentKey()
      // The folder's own spelling: the path may name it in another Unicode form (tree.resolve).
      const stored = folder.id === ROOT_ID ? [] : tree.segmentsOf(folder.id)
      return tree.children(folder.id).map((c) => info(c, [...stored, c.name], depth, 1, key))
    },

    createFolder(parent: readonly string[], name: string) {
      // Told under the stored spelling: the path may name the parent in another Unicode form (tree.resolve),
      // and windows key what they have read by the paths the node lists.
      const id = db
        .transaction(() => {
          const p = folderAt(parent, 'path')
          if (tree.namesake(p.id, name)) throw new VfsError(409, `folder_name: ${formatVfsPath([...parent, name])} exists`)
          return tree.insertFolder(p.id, name, now())
        })
        .immediate()
      changed(pathOf(id))
    },

    async upload(input: UploadInput): Promise<FileInfo> {
      const removed = () => new VfsError(404, `path: the folder ${formatVfsPath(input.folder)} was removed while the file was uploading`)
      const followed = input.began === undefined ? undefined : moves.follow(input.folder, input.began)
      if (followed?.kind === 'removed') throw removed()
      // The folder is held by its identity from here on: renamed or moved while the file is read and
      // its passages stored, the file still lands in it, under its path at that time.
      const into = { id: folderAt(followed?.segments ?? input.folder, 'path').id, removed: false }
      const check = () => {
        const folder = into.removed ? undefined : tree.get(into.id)
        if (!folder) throw removed()
        const namesake = tree.namesake(folder.id, input.filename)
        if (namesake && !(input.replace && !namesake.is_folder)) {
          const path = formatVfsPath([...tree.segmentsOf(folder.id), input.filename])
          throw new VfsError(409, `filename: ${path} exists${namesake.is_folder && input.replace ? ` and ${FOLDER_NOT_REPLACED}` : ''}`)
        }
        return folder
      }
      check()
      uploadFolders.add(into)
      try {
        return await store(input, check)
      } finally {
        uploadFolders.delete(into)
      }
    },

    move(kind: 'item' | 'folder', from: readonly string[], to: readonly string[]) {
      // The paths before and after, as stored (see createFolder); unchanged when nothing was moved.
      let told = { from: formatVfsPath(from), to: formatVfsPath(to) }
      db.transaction(() => {
        if (from.length === 0) throw new VfsError(400, 'origin_path: the root folder cannot be moved')
        if (to.length === 0) throw new VfsError(400, 'destination_path: the root folder exists already')
        const e = entryOfKind(kind, from, 'origin_path', 'move')
        // A destination under the folder's own path is "into itself" (400) even where the folders
        // between do not exist, rather than a 404 for them; its name in either Unicode form is the same name.
        const inside = to.length > from.length && pathStartsWith(to, from)
        if (kind === 'folder' && inside) {
          throw new VfsError(
            400,
            `destination_path: a folder cannot be moved into itself (${formatVfsPath(to)} is inside ${formatVfsPath(from)})`
          )
        }
        const parent = folderAt(to.slice(0, -1), 'destination_path')
        const name = to[to.length - 1]!
        // Any name, as the contract's move_item has it (its only 400 is a folder into itself): a file keeps
        // the type it was read as. The window's Rename asks for a name an upload would take.
        if (kind === 'folder' && tree.isWithin(parent.id, e.id)) {
          throw new VfsError(
            400,
            `destination_path: a folder cannot be moved into itself (${formatVfsPath(to)} is inside ${formatVfsPath(from)})`
          )
        }
        const existing = tree.namesake(parent.id, name)
        // Moved onto itself: nothing to do, unless the name changes its Unicode form only.
        if (existing && existing.id === e.id && existing.name === name) return
        if (existing && existing.id !== e.id) throw new VfsError(409, `destination_path: ${formatVfsPath(to)} exists`)
        const before = pathOf(e.id)
        tree.move(e.id, parent.id, name, now())
        told = { from: before, to: pathOf(e.id) }
      }).immediate()
      if (kind === 'folder') moves.record(from, to)
      changed(told.from)
      changed(told.to)
    },

    async remove(kind: 'item' | 'folder', segments: readonly string[]) {
      const { unused, gone, path } = db
        .transaction(() => {
          if (segments.length === 0) throw new VfsError(400, 'path: the root folder cannot be deleted')
          const e = entryOfKind(kind, segments, 'path', 'delete')
          // The uploads storing files into the folder or one under it (few: asked of each, not of the whole subtree).
          const gone = [...uploadFolders].filter((u) => tree.isWithin(u.id, e.id))
          const path = pathOf(e.id)
          return { unused: removeSubtree(e.id), gone, path }
        })
        .immediate()
      if (kind === 'folder') {
        moves.record(segments, null)
        for (const u of gone) u.removed = true
      }
      // Asked again: an upload of the same bytes may have recorded them since.
      for (const sha of unused) await files.remove(sha, () => tree.isShaUsed(sha))
      changed(path)
    },

    /** The passages under `segments` best matching `text`: embeddings and keywords fused by rank. */
    async search(text: string, segments: readonly string[], maxResults: number): Promise<SearchResult[]> {
      const root = tree.resolve(segments)
      if (!root) throw new VfsError(404, `path: nothing at ${formatVfsPath(segments)}`)
      // A folder's files, or the whole index but the files being uploaded (their passages are in it
      // before the file is in its folder; listing every file of a large library instead cost a query as long).
      const searched = () =>
        root.id === ROOT_ID
          ? { except: tree.staged().map((f) => f.id) }
          : { itemIds: root.is_folder ? tree.filesUnder(root.id) : [root.id] }
      if (searched().itemIds?.length === 0) return []
      const q = await queryVector(text)
      // Not counted as words a passage holds (read before the files searched: no wait comes after that).
      const common = await commonWords(text)
      // Read again: an upload may have begun storing its passages while the query was embedded.
      const { itemIds, except = [] } = searched()
      if (itemIds?.length === 0) return []
      const uploading = new Set(except)
      // A file is embedded only once in its folder, but a hit of a file being uploaded is never kept.
      const semantic = q ? vectors.search(q, Math.max(10, maxResults), itemIds).map((h) => h.id) : []
      const keyword = passages.keyword(text, Math.max(CANDIDATES, maxResults * 2), itemIds, except, common)
      const fused = fuseRanks([semantic, keyword]).slice(0, maxResults)
      const rows = new Map(passages.byIds(fused.map((f) => f.id)).map((r) => [r.id, r]))
      const paths = new Map<number, { path: string; name: string }>()
      const out: SearchResult[] = []
      for (const f of fused) {
        const r = rows.get(f.id)
        if (!r || uploading.has(r.item_id)) continue
        let p = paths.get(r.item_id)
        if (!p) {
          const segs = tree.segmentsOf(r.item_id)
          p = { path: formatVfsPath(segs), name: segs[segs.length - 1] ?? '' }
          paths.set(r.item_id, p)
        }
        out.push({ path: p.path, name: p.name, node_id: r.node_id, text: r.text, score: f.score })
      }
      return out
    },

    /**
     * What a name search of `q` finds: entries whose name holds every word and, for a typed path
     * (`reports/2024`), entries whose path holds it (tree.find); as FileInfo without children.
     */
    findByName(q: string, kind: 'folder' | 'file' | undefined, limit: number): FileInfo[] {
      const key = currentKey()
      return tree.find(nameSearchWords(q), typedPath(foldName(q)), kind, limit).map((e) => info(e, tree.segmentsOf(e.id), 0, 1, key))
    },

    /** How search_items matches each word of `text` by keywords now (the window marks a result's words so). */
    searchWordMatches: (text: string) => passages.wordMatches(text),

    /**
     * The places in `paths` of the paths no entry has, or (with `kinds`, in the same places) no entry of
     * that kind: a file where a scope names a folder, or a folder where it names an item, finds nothing.
     */
    missingPaths(paths: readonly (readonly string[])[], kinds?: readonly ('folder' | 'file')[]): number[] {
      return paths.flatMap((segments, i) => {
        const e = tree.resolve(segments)
        const kind = kinds?.[i]
        return e && (kind === undefined || Boolean(e.is_folder) === (kind === 'folder')) ? [] : [i]
      })
    },

    /** Whether `segments` names a file or a folder of the library; undefined when it names nothing. */
    kindAt(segments: readonly string[]): 'file' | 'folder' | undefined {
      const e = tree.resolve(segments)
      return e ? (e.is_folder ? 'folder' : 'file') : undefined
    },

    /** How many passages the file at `segments` was cut into: 0 for a file with no text (empty, a scan). */
    passageCount(segments: readonly string[]): number {
      return passages.countOf(fileAt(segments, 'path').id)
    },

    /** Files by embedding state, for progress (a file without a status is ready), and why embedding waits, if it does. */
    fileStateCounts() {
      const c = tree.stateCounts()
      const ready = c.files - c.processing - c.failed
      const failedReasons = c.failed > 0 ? tree.failedReasons() : []
      return {
        files: c.files,
        processing: c.processing,
        ready,
        failed: c.failed,
        failed_reasons: failedReasons,
        embedding_failure: queue.failure(),
        embedding_wait: queue.waiting()
      }
    },

    /** Where a file's original bytes are, with its content type. */
    async download(segments: readonly string[]) {
      const e = fileAt(segments, 'path')
      const file = files.pathOf(e.sha256!)
      const type = e.file_type ?? ''
      const encoding = namesCharset(type) && existsSync(file) ? await fileEncoding(file).catch(() => undefined) : undefined
      return { file, contentType: contentTypeOf(type, encoding), name: e.name, size: e.size }
    },

    exportResource(segments: readonly string[]): LocalVrkaiEntry {
      const e = fileAt(segments, 'path')
      if (e.resource_json) return JSON.parse(e.resource_json) as LocalVrkaiEntry
      const rows = passages.ofItem(e.id)
      const key = currentKey()
      const byPassage =
        e.embedded_model && e.embedded_model === key ? vectors.vectors(rows.map((r) => r.id)) : new Map<number, Float32Array>()
      const byNode = new Map<string, Float32Array>()
      for (const r of rows) {
        const v = byPassage.get(r.id)
        if (v) byNode.set(r.node_id, v)
      }
      return exportVrkai({
        name: e.name,
        path: pathOf(e.id),
        resourceId: e.sha256 ?? String(e.id),
        documentKind: documentKindOf(e.file_type ?? ''),
        created: e.created_time,
        modified: e.modified_time,
        nodes: rows.map((r) => ({ id: r.node_id, text: r.text })),
        vectors: byNode,
        model: settings.embeddingModel()?.model ?? ''
      })
    },

    embeddingModel: () => settings.embeddingModel(),

    /** Sets or clears the model; every file is embedded again in the background. */
    setEmbeddingModel(model: EmbeddingModel | undefined) {
      db.transaction(() => {
        settings.setEmbeddingModel(model)
        queue.resetForModel(model)
      }).immediate()
      queryCache.clear()
      resumeQueries()
      dropQueries()
      changed('/')
      if (model) queue.wake()
    },

    /**
     * A provider's address or key was edited: if it is the embedding model's, what waits on its old
     * server (the batch under way, searches paused by its failures) is tried again with the new one.
     */
    embeddingProviderEdited(providerId: string) {
      if (settings.embeddingModel()?.providerId !== providerId) return
      queue.retryNow()
      queryCache.clear()
      resumeQueries()
      dropQueries(providerId)
    },

    /**
     * Embeds the failed files again with the model in use: after its server was started again, or a
     * passing failure. Answers how many files are processing again (none without a model).
     */
    retryFailedEmbeddings(): number {
      if (!settings.embeddingModel()) return 0
      const n = db.transaction(() => queue.requeueFailed()).immediate()
      // A query that failed meanwhile paused embedding searches: the operator says the server is back.
      resumeQueries()
      if (n > 0) {
        changed('/')
        queue.wake()
      }
      return n
    },

    async passagesFor(request: ScopeRequest): Promise<ScopePassage[]> {
      const { question, budgetChars } = request
      interface Candidate {
        text: string
        path: string
        name: string
        node_id: string
        vector?: Float32Array
        similarity?: number
        order: number
      }
      const itemIds = scopeItems(request.refs)
      const model = settings.embeddingModel()
      // A local document's own embeddings are comparable only when made by the same model.
      const local: Candidate[] = request.local.map((p, i) => ({
        text: p.text,
        path: `local:${p.source}`,
        name: p.source,
        node_id: p.node_id ?? String(i + 1),
        vector: p.vector && model && p.model === model.model ? normalize(p.vector) : undefined,
        order: i
      }))
      if (itemIds.length === 0 && local.length === 0) return []

      const q = itemIds.length || local.some((c) => c.vector) ? await queryVector(question) : undefined
      const common = itemIds.length ? await commonWords(question) : new Set<string>()
      const candidates = new Map<string, Candidate>()
      const stored = (ids: number[]) => {
        const rows = passages.byIds(ids.filter((id) => !candidates.has(`v${id}`)))
        for (const r of rows) {
          const segs = tree.segmentsOf(r.item_id)
          candidates.set(`v${r.id}`, {
            text: r.text,
            path: formatVfsPath(segs),
            name: segs[segs.length - 1] ?? '',
            node_id: r.node_id,
            order: 1e9 + r.item_id * 1e5 + r.ord
          })
        }
      }
      if (itemIds.length) {
        stored(passages.keyword(question, CANDIDATES, itemIds, [], common))
        if (q) {
          const hits = vectors.search(q, SEMANTIC_CANDIDATES, itemIds)
          stored(hits.map((h) => h.id))
          for (const h of hits) candidates.get(`v${h.id}`)!.similarity = h.similarity
        }
      }
      local.forEach((c, i) => {
        if (q && c.vector && c.vector.length === q.length) c.similarity = dot(normalize(q), c.vector)
        candidates.set(`l${i}`, c)
      })
      const keys = [...candidates.keys()]
      const bm25 = bm25Scores(
        keys.map((k) => candidates.get(k)!.text),
        question
      )
      const scoreOf = new Map(keys.map((k, i) => [k, bm25[i]!]))
      const keywordRank = keys.filter((k) => scoreOf.get(k)! > 0).sort((a, b) => scoreOf.get(b)! - scoreOf.get(a)!)
      // No likeness at all (see vectors.search) is not found by meaning: an imported passage's zero vector is not.
      const semanticRank = keys
        .filter((k) => (candidates.get(k)!.similarity ?? 0) > 0)
        .sort((a, b) => candidates.get(b)!.similarity! - candidates.get(a)!.similarity!)
      const ranked = fuseRanks([semanticRank, keywordRank])

      // A scope small enough to fit whole is given whole (e.g. "summarise this"), best passages first.
      const fitsWhole = passages.charsOf(itemIds) + local.reduce((n, c) => n + c.text.length, 0) <= budgetChars
      if (fitsWhole) {
        for (const r of passages.inItems(itemIds)) if (!candidates.has(`v${r.id}`)) stored([r.id])
        const rest = [...candidates.keys()]
          .filter((k) => !ranked.some((r) => r.id === k))
          .sort((a, b) => candidates.get(a)!.order - candidates.get(b)!.order)
        for (const k of rest) ranked.push({ id: k, score: 0 })
      }

      const out: ScopePassage[] = []
      let used = 0
      for (const r of ranked) {
        const c = candidates.get(r.id)!
        if (used + c.text.length > budgetChars) {
          if (out.length === 0) out.push({ ...pick(c, r.score), text: c.text.slice(0, budgetChars) })
          break
        }
        out.push(pick(c, r.score))
        used += c.text.length
      }
      return out
    },

    /** Resumes embedding left pending (e.g. by a restart). */
    resume: () => {
      if (settings.embeddingModel()) queue.wake()
    },
    /** Resolves when no embedding is in progress. */
    idle: () => queue.idle(),
    /** The node begins to stop: query embeddings under way end now, and no other begins (see stopQueries). */
    stopQueries,
    async close() {
      closed = true
      stopQueries()
      await queue.close()
      await documents.close()
    },
    /**
     * Removes the stored copies no file refers to: a crash between storing an upload's copy and
     * writing its row, or between deleting a file's row and its copy, leaves one behind. Each is
     * removed only if no row names it when it is removed, and never while an upload holds it, so
     * uploads may run meanwhile. Answers how many were removed.
     */
    async removeOrphanCopies(): Promise<number> {
      let removed = 0
      // A folder at a time, so that a store of 100,000 copies does not hold up requests at start.
      for await (const shas of files.storedShas()) {
        for (const sha of shas) {
          if (closed) return removed
          if (await files.remove(sha, () => closed || tree.isShaUsed(sha))) removed++
        }
      }
      return removed
    },
    /**
     * Removes the files of uploads a crash or a stop cut short (their rows, passages and stored
     * copies), a slice at a time so that requests are answered meanwhile. Answers how many.
     */
    async removeUnfinishedUploads(): Promise<number> {
      let removed = 0
      for (const { id, sha256 } of tree.staged()) {
        if (!(await staged.discard(id))) return removed
        if (sha256) await files.remove(sha256, () => closed || tree.isShaUsed(sha256))
        removed++
      }
      return removed
    },
    /** Removes upload leftovers (from a crash) in the staging folder; folders are made when first needed. */
    async cleanStaging() {
      await rm(files.stagingDir, { recursive: true, force: true })
    }
  }
  return vfs
}

const pick = (c: { text: string; path: string; name: string; node_id: string; similarity?: number }, score: number): ScopePassage => ({
  text: c.text,
  path: c.path,
  name: c.name,
  node_id: c.node_id,
  score,
  ...(c.similarity !== undefined ? { similarity: c.similarity } : {})
})

export type VectorFs = ReturnType<typeof createVectorFs>
