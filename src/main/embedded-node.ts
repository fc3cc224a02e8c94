import { createNodeApi, type NodeApi } from './node-api'
import type { Logger } from './node-api/logger'
import { openStore, type Store } from './store'
import type { SecretBox } from './store/secret-box'

export interface EmbeddedNodeOptions {
  readonly dataDir: string
  readonly secrets: SecretBox
  readonly version: string
  readonly nodeName?: string
  readonly log: Logger
}

export interface EmbeddedNode extends NodeApi {
  readonly store: Store
  close(): void
}

/** Opens the data dir's database and builds the node API on it: shared by desktop and headless. */
export function startEmbeddedNode(options: EmbeddedNodeOptions): EmbeddedNode {
  const store = openStore(options.dataDir, options.secrets)
  const api = createNodeApi({ store, nodeName: options.nodeName, version: options.version, log: options.log })
  return { ...api, store, close: () => store.close() }
}
