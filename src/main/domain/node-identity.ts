import type { Database } from 'better-sqlite3'
import { DEFAULT_NODE_NAME } from '../../shared/contract/identity'

/** Where the name set in the app's settings is kept: the data folder's key/value settings table. */
const KEY = 'node.name'

export interface NodeIdentity {
  /** The node's name now: the sender and receiver of the messages it writes next, and health_check's node_name. */
  name(): string
  /** A new name, kept for the next starts too (POST /v2/change_node_name, the app's settings). */
  rename(name: string): void
}

/**
 * The node's own name: the one given at start (headless `--node-name`) when there is one, else the
 * one last set in the app's settings, else DEFAULT_NODE_NAME. Messages already written keep the
 * name they were hashed with.
 */
export function nodeIdentity(db: Database, given?: string): NodeIdentity {
  const get = db.prepare<[string], string>(`SELECT value FROM vfs_settings WHERE key = ?`).pluck()
  const put = db.prepare(`INSERT INTO vfs_settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value`)
  let current = given ?? get.get(KEY) ?? DEFAULT_NODE_NAME
  return {
    name: () => current,
    rename(name) {
      put.run(KEY, name)
      current = name
    }
  }
}
