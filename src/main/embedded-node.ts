import { acquireDataDirLock } from './data-dir-lock'
import { securePrivateDataDir } from './private-files'
import { createNodeApi, type NodeApi } from './node-api'
import type { Logger } from './node-api/logger'
import { createAnswerRuntime, type RuntimeOptions } from './runtime/answer-runtime'
import { openStore, type Store } from './store'
import type { SecretBox } from './store/secret-box'

export interface EmbeddedNodeOptions {
  readonly dataDir: string
  readonly secrets: SecretBox
  readonly version: string
  readonly nodeName?: string
  readonly log: Logger
  readonly runtime?: RuntimeOptions
  /** Who holds the data folder, as the lock file tells a second starter ('headless', 'desktop'). */
  readonly mode?: string
}

export interface EmbeddedNode extends NodeApi {
  readonly store: Store
  /** Stops answering (unfinished answers stay queued for the next start), then closes the database. */
  close(): Promise<void>
}

/**
 * Takes the data folder's lock (a second node on it throws DataDirInUseError), opens its database, builds the node API on it and starts the answer runtime,
 * resuming questions accepted before the last stop. Shared by desktop and headless mode.
 */
export function startEmbeddedNode(options: EmbeddedNodeOptions): EmbeddedNode {
  const lock = acquireDataDirLock(options.dataDir, options.mode ?? 'node')
  let store: Store
  try {
    securePrivateDataDir(options.dataDir)
    store = openStore(options.dataDir, options.secrets)
  } catch (err) {
    lock.release()
    throw err
  }
  const api = createNodeApi({
    store,
    nodeName: options.nodeName,
    version: options.version,
    log: options.log,
    callTimeouts: options.runtime?.timeouts
  })
  const runtime = createAnswerRuntime(api.ctx, options.runtime)
  api.ctx.runtime = runtime
  runtime.resume()
  return {
    ...api,
    store,
    close: async () => {
      await runtime.close()
      store.close()
      lock.release()
    }
  }
}
