import { nodeIdentity } from './domain/node-identity'
import { acquireDataDirLock } from './data-dir-lock'
import { createMessageChain } from './domain/message-chain'
import { unreadableKeysWarning } from './domain/provider-keys'
import { securePrivateDataDir } from './private-files'
import { createNodeApi, type NodeApi } from './node-api'
import { monotonicClock } from './platform/clock'
import { createEventBus } from './platform/event-bus'
import type { Logger } from './platform/logger'
import { createAnswerRuntime, type RunningRuntime, type RuntimeOptions } from './runtime/answer-runtime'
import { openStore, type CheckpointWorkerEntry, type Store } from './store'
import type { SecretBox } from './store/secret-box'
import { embedderFactory } from './runtime/embedding-model'
import { createVectorFs, type VectorFs, type VectorFsOptions } from './vector-fs'
import type { ExtractWorkerEntry } from './vector-fs/document-reader'
import { dirname, join } from 'node:path'

export interface NodePartsOptions {
  readonly version: string
  readonly nodeName?: string
  readonly log: Logger
  /** Start the answer runtime with these options; absent, questions are stored and left unanswered. */
  readonly runtime?: RuntimeOptions
  /** The document library's settings (VectorFsOptions); embedders default to the stored providers' own embedding APIs. */
  readonly vectorFs?: Pick<
    VectorFsOptions,
    | 'embedders'
    | 'queue'
    | 'maxUploadBytes'
    | 'uploadBytesAtOnce'
    | 'queryTimeoutMs'
    | 'queryRetryMs'
    | 'extractWorker'
    | 'extractTimeoutMs'
    | 'extractStartTimeoutMs'
    | 'extractHeapMb'
  >
}

export interface NodeParts extends NodeApi {
  readonly runtime?: RunningRuntime
}

/**
 * Builds the node on an open store, each part from the ones below it: platform (bus, clock),
 * domain (message chain), runtime, then the node API with the runtime handed in.
 */
export function assembleNode(store: Store, options: NodePartsOptions): NodeParts {
  const { log } = options
  const identity = nodeIdentity(store.db, options.nodeName)
  const bus = createEventBus((err) => log.error('event listener failed', err))
  const clock = monotonicClock()
  const chain = createMessageChain({ store, clock, bus, nodeName: () => identity.name() })
  const vectorFs: VectorFs = createVectorFs({
    db: store.db,
    filesDir: join(dirname(store.file), 'files'),
    now: () => clock.next(),
    log,
    onChanged: (path) => bus.emit({ type: 'vector_fs_changed', data: { path } }),
    ...options.vectorFs,
    embedders: options.vectorFs?.embedders ?? embedderFactory(store)
  })
  const runtime = options.runtime && createAnswerRuntime({ store, bus, log, chain, retrieval: vectorFs }, options.runtime)
  const api = createNodeApi({
    store,
    bus,
    clock,
    log,
    chain,
    vectorFs,
    identity,
    version: options.version,
    runtime,
    callTimeouts: options.runtime?.timeouts
  })
  return { ...api, runtime }
}

export interface EmbeddedNodeOptions {
  readonly dataDir: string
  readonly secrets: SecretBox
  readonly version: string
  readonly nodeName?: string
  readonly log: Logger
  readonly runtime?: RuntimeOptions
  /** The document library's extraction worker (the bundled one in the app and in headless mode). */
  readonly extractWorker?: ExtractWorkerEntry
  /** The WAL checkpoint worker (the bundled one in the app and in headless mode; see store/checkpointer.ts). */
  readonly checkpointWorker?: CheckpointWorkerEntry
  /** Who holds the data folder, as the lock file tells a second starter ('headless', 'desktop'). */
  readonly mode?: string
}

export interface EmbeddedNode extends NodeApi {
  readonly store: Store
  /** Stops answering (unfinished answers stay queued for the next start), then closes the database. */
  close(): Promise<void>
}

/**
 * Takes the data folder's lock (a second node on it throws DataDirInUseError), opens its database, builds the node on it and starts the answer runtime,
 * resuming questions accepted before the last stop. Shared by desktop and headless mode.
 */
export function startEmbeddedNode(options: EmbeddedNodeOptions): EmbeddedNode {
  const lock = acquireDataDirLock(options.dataDir, options.mode ?? 'node')
  let store: Store
  try {
    securePrivateDataDir(options.dataDir)
    store = openStore(options.dataDir, options.secrets, options.checkpointWorker ? { checkpointWorker: options.checkpointWorker } : {})
  } catch (err) {
    lock.release()
    throw err
  }
  const unreadable = unreadableKeysWarning(store.secrets, store.providers.list())
  if (unreadable) options.log.error(unreadable)
  const { runtime, ...api } = assembleNode(store, {
    ...options,
    runtime: options.runtime ?? {},
    vectorFs: options.extractWorker ? { extractWorker: options.extractWorker } : undefined
  })
  runtime!.resume()
  void store.removals.resume().catch((err) => options.log.error('could not finish removing the jobs removed before the last stop', err))
  void api.ctx.vectorFs.cleanStaging().catch((err) => options.log.error('could not clean the upload staging folder', err))
  void api.ctx.vectorFs
    .removeUnfinishedUploads()
    .then((n) => n > 0 && options.log.info(`removed ${n} ${n === 1 ? 'file' : 'files'} whose upload was cut short by the last stop`))
    .catch((err) => options.log.error('could not remove the files of uploads cut short by the last stop', err))
  void api.ctx.vectorFs
    .removeOrphanCopies()
    .then((n) => n > 0 && options.log.info(`removed ${n} stored ${n === 1 ? 'copy' : 'copies'} of files no longer in the library`))
    .catch((err) => options.log.error('could not remove stored copies of files no longer in the library', err))
  api.ctx.vectorFs.resume()
  return {
    ...api,
    store,
    close: async () => {
      api.beginStop()
      await runtime!.close()
      await api.ctx.vectorFs.close()
      store.close()
      lock.release()
    }
  }
}
