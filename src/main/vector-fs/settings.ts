import type { Database } from 'better-sqlite3'

export interface EmbeddingModel {
  readonly providerId: string
  readonly model: string
}

/** The identity of an embedding model: vectors of two different keys are never compared. */
export const modelKeyOf = (m: EmbeddingModel) => `${m.providerId}\u0000${m.model}`

const PROVIDER = 'embedding.provider_id'
const MODEL = 'embedding.model'

export function vfsSettings(db: Database) {
  const get = db.prepare<[string], string>(`SELECT value FROM vfs_settings WHERE key = ?`).pluck()
  const put = db.prepare(`INSERT INTO vfs_settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value`)
  const del = db.prepare(`DELETE FROM vfs_settings WHERE key = ?`)
  return {
    embeddingModel(): EmbeddingModel | undefined {
      const providerId = get.get(PROVIDER)
      const model = get.get(MODEL)
      return providerId && model ? { providerId, model } : undefined
    },
    setEmbeddingModel(m: EmbeddingModel | undefined) {
      if (m) {
        put.run(PROVIDER, m.providerId)
        put.run(MODEL, m.model)
      } else {
        del.run(PROVIDER)
        del.run(MODEL)
      }
    }
  }
}
export type VfsSettings = ReturnType<typeof vfsSettings>
