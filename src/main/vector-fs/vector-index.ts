import type { Database } from 'better-sqlite3'

/*
 * Passage embeddings in a sqlite-vec vec0 table. Search is two-stage: a KNN over 1-bit
 * quantised vectors (hamming distance, 32x less to scan than float32) picks candidates, which
 * are re-ranked by exact cosine similarity on the full vectors, kept in a plain table beside it
 * (point reads by key, cheaper than vec0's auxiliary columns). Both are made for one model and
 * dimension; another model means new tables.
 */

export const VECTOR_TABLE = 'vfs_vectors'
export const FLOATS_TABLE = 'vfs_vector_floats'
const MODEL_KEY = 'vectors.model_key'
const DIMENSION_KEY = 'vectors.dimension'

export interface VectorHit {
  readonly id: number
  /** Cosine similarity, -1..1. */
  readonly similarity: number
}

export function normalize(v: ArrayLike<number>): Float32Array {
  const out = new Float32Array(v.length)
  let sum = 0
  for (let i = 0; i < v.length; i++) sum += v[i]! * v[i]!
  const n = Math.sqrt(sum) || 1
  for (let i = 0; i < v.length; i++) out[i] = v[i]! / n
  return out
}

/** One bit per dimension (set when positive), padded to whole bytes. */
export function binaryQuantize(v: Float32Array): Buffer {
  const out = Buffer.alloc(Math.ceil(v.length / 8))
  for (let i = 0; i < v.length; i++) if (v[i]! > 0) out[i >> 3]! |= 1 << (i & 7)
  return out
}

export const dot = (a: Float32Array, b: Float32Array) => {
  let s = 0
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!
  return s
}

const asFloats = (blob: Buffer) => new Float32Array(blob.buffer.slice(blob.byteOffset, blob.byteOffset + blob.byteLength))

export function vectorIndex(db: Database) {
  const getSetting = db.prepare<[string], string>(`SELECT value FROM vfs_settings WHERE key = ?`).pluck()
  const putSetting = db.prepare(`INSERT INTO vfs_settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value`)
  const delSetting = db.prepare(`DELETE FROM vfs_settings WHERE key = ?`)
  const existsStmt = db.prepare<[string], number>(`SELECT 1 FROM sqlite_master WHERE name = ?`).pluck()
  const tableExists = () => existsStmt.get(VECTOR_TABLE) !== undefined
  let statements: ReturnType<typeof prepare> | undefined

  function prepare() {
    return {
      insert: db.prepare(`INSERT INTO ${VECTOR_TABLE} (passage_id, item_id, embedding) VALUES (?, ?, vec_bit(?))`),
      insertFloats: db.prepare(`INSERT OR REPLACE INTO ${FLOATS_TABLE} (passage_id, vector) VALUES (?, ?)`),
      remove: db.prepare(`DELETE FROM ${VECTOR_TABLE} WHERE passage_id = ?`),
      removeFloats: db.prepare(`DELETE FROM ${FLOATS_TABLE} WHERE passage_id = ?`),
      knnAll: db
        .prepare<[Buffer, number], number>(`SELECT passage_id FROM ${VECTOR_TABLE} WHERE embedding MATCH vec_bit(?) AND k = ?`)
        .pluck(),
      knnIn: db
        .prepare<[Buffer, number, string], number>(
          `SELECT passage_id FROM ${VECTOR_TABLE} WHERE embedding MATCH vec_bit(?) AND k = ? AND item_id IN (SELECT value FROM json_each(?))`
        )
        .pluck(),
      vectors: db.prepare<[string], { id: number; vector: Buffer }>(
        `SELECT passage_id AS id, vector FROM ${FLOATS_TABLE} WHERE passage_id IN (SELECT value FROM json_each(?))`
      )
    }
  }
  const stmts = () => {
    if (!statements) statements = prepare()
    return statements
  }

  return {
    /** The model the table holds vectors of, or undefined when there is none. */
    modelKey: () => (tableExists() ? getSetting.get(MODEL_KEY) : undefined),
    dimension: () => {
      const d = getSetting.get(DIMENSION_KEY)
      return d ? Number(d) : undefined
    },
    /** Makes the table hold vectors of this model and dimension, dropping other vectors (in the caller's transaction). */
    ensure(modelKey: string, dimension: number) {
      if (tableExists() && getSetting.get(MODEL_KEY) === modelKey && Number(getSetting.get(DIMENSION_KEY)) === dimension) return
      this.drop()
      const bits = Math.ceil(dimension / 8) * 8
      db.exec(`CREATE VIRTUAL TABLE ${VECTOR_TABLE} USING vec0(passage_id INTEGER PRIMARY KEY, item_id INTEGER, embedding bit[${bits}])`)
      db.exec(`CREATE TABLE ${FLOATS_TABLE} (passage_id INTEGER PRIMARY KEY, vector BLOB NOT NULL)`)
      putSetting.run(MODEL_KEY, modelKey)
      putSetting.run(DIMENSION_KEY, String(dimension))
    },
    drop() {
      statements = undefined
      db.exec(`DROP TABLE IF EXISTS ${VECTOR_TABLE}; DROP TABLE IF EXISTS ${FLOATS_TABLE}`)
      delSetting.run(MODEL_KEY)
      delSetting.run(DIMENSION_KEY)
    },
    put(passageId: number, itemId: number, vector: ArrayLike<number>) {
      const v = normalize(vector)
      const s = stmts()
      s.remove.run(BigInt(passageId))
      s.insert.run(BigInt(passageId), BigInt(itemId), binaryQuantize(v))
      s.insertFloats.run(passageId, Buffer.from(v.buffer))
    },
    remove(passageIds: readonly number[]) {
      if (!tableExists()) return
      const s = stmts()
      for (const id of passageIds) {
        s.remove.run(BigInt(id))
        s.removeFloats.run(id)
      }
    },
    /** Full vectors (normalised) of these passages. */
    vectors(passageIds: readonly number[]): Map<number, Float32Array> {
      if (!tableExists() || passageIds.length === 0) return new Map()
      return new Map(
        stmts()
          .vectors.all(JSON.stringify(passageIds))
          .map((r) => [r.id, asFloats(r.vector)])
      )
    },
    /**
     * The `limit` passages nearest to `query` (best first) that lean its way at all: a cosine of 0 or less
     * (orthogonal, opposite, or an all-zero vector, which says nothing of its text) is no likeness, and
     * such passages topped the meaning's ranking of every question when nothing else was near (an
     * imported .vrkai with zero vectors). `itemIds` restricts to those files.
     * `candidates` binary-KNN hits are re-ranked exactly. vec0 keeps its top k by insertion, so a
     * KNN costs about rows x k: 4x oversampling, not more (k 200 takes 6x the time of k 40 at
     * 100,000 rows).
     */
    search(query: ArrayLike<number>, limit: number, itemIds?: readonly number[], candidates = Math.max(40, limit * 4)): VectorHit[] {
      if (!tableExists()) return []
      if (Number(getSetting.get(DIMENSION_KEY)) !== query.length) return []
      const q = normalize(query)
      const bits = binaryQuantize(q)
      const s = stmts()
      const ids = itemIds ? s.knnIn.all(bits, candidates, JSON.stringify(itemIds)) : s.knnAll.all(bits, candidates)
      if (ids.length === 0) return []
      return s.vectors
        .all(JSON.stringify(ids))
        .map((r) => ({ id: r.id, similarity: dot(q, asFloats(r.vector)) }))
        .filter((h) => h.similarity > 0)
        .sort((a, b) => b.similarity - a.similarity)
        .slice(0, limit)
    }
  }
}
export type VectorIndex = ReturnType<typeof vectorIndex>
