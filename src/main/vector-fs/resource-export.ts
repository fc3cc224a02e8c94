import { createHash } from 'node:crypto'
import type { LocalVrkaiEntry } from '../../shared/contract/scope'

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')

/** A node's merkle_hash: the SHA-256 (hex) of its text. */
export const nodeHash = (text: string) => sha256(text)

/**
 * The root of a binary Merkle tree over the node hashes, in node order: each level hashes the
 * concatenation of two neighbouring hex hashes; an odd one out moves up unchanged. No nodes: the
 * hash of the empty string.
 */
export function merkleRoot(hashes: readonly string[]): string {
  if (hashes.length === 0) return sha256('')
  let level = [...hashes]
  while (level.length > 1) {
    const next: string[] = []
    for (let i = 0; i < level.length; i += 2) next.push(i + 1 < level.length ? sha256(level[i]! + level[i + 1]!) : level[i]!)
    level = next
  }
  return level[0]!
}

const STOP_WORDS = new Set(
  'about above after again against also because been before being below between both could does doing down during each from further have having here itself just more most once only other over same should some such than that their theirs them then there these they this those through under until very were what when where which while will with would your yours'.split(
    ' '
  )
)

/** The most frequent words of the text (4+ characters, marks included; common English words left out). */
export function keywordsOf(texts: readonly string[], count = 10): string[] {
  const freq = new Map<string, number>()
  for (const t of texts) {
    for (const w of t.toLowerCase().match(/[\p{L}\p{N}\p{M}]{4,}/gu) ?? []) {
      if (!STOP_WORDS.has(w) && !/^\d+$/.test(w)) freq.set(w, (freq.get(w) ?? 0) + 1)
    }
  }
  return [...freq]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, count)
    .map(([w]) => w)
}

export interface ExportInput {
  readonly name: string
  readonly path: string
  readonly resourceId: string
  readonly documentKind: string
  readonly created: string
  readonly modified: string
  readonly nodes: readonly { readonly id: string; readonly text: string }[]
  /** Node id -> vector, when the file is embedded. */
  readonly vectors: ReadonlyMap<string, Float32Array>
  readonly model: string
}

const round = (v: Float32Array) => Array.from(v, (x) => Math.round(x * 1e7) / 1e7)

/** A file as a seed LocalVrkaiEntry, so it can be carried as a local scope entry. */
export function exportVrkai(input: ExportInput): LocalVrkaiEntry {
  const nodes = input.nodes.map((n) => ({
    content: { Text: n.text },
    data_tag_names: [] as string[],
    id: n.id,
    last_written_datetime: input.modified,
    merkle_hash: nodeHash(n.text),
    metadata: {}
  }))
  const embeddings = input.nodes.flatMap((n) => {
    const v = input.vectors.get(n.id)
    return v ? [{ id: n.id, vector: round(v) }] : []
  })
  let mean: number[] = []
  if (embeddings.length) {
    const sum = new Float32Array(embeddings[0]!.vector.length)
    for (const e of embeddings) e.vector.forEach((x, i) => (sum[i]! += x / embeddings.length))
    mean = round(sum)
  }
  const model = embeddings.length ? input.model : ''
  return {
    vrkai: {
      metadata: {},
      resource: {
        Document: {
          created_datetime: input.created,
          data_tag_index: { index: {} },
          distribution_info: { datetime: input.modified, origin: { Uri: `vectorfs://${encodeURI(input.path)}` } },
          embedding_model_used_string: model,
          embeddings,
          keywords: {
            keyword_list: keywordsOf(input.nodes.map((n) => n.text)),
            keywords_embedding: { embedding: { id: 'KE', vector: [] }, model_used: model }
          },
          last_written_datetime: input.modified,
          metadata_index: { index: {} },
          name: input.name,
          node_count: nodes.length,
          nodes,
          resource_base_type: 'Document',
          resource_embedding: { id: 'RE', vector: mean },
          resource_id: input.resourceId,
          source: {
            Standard: { FileRef: { file_name: input.name, file_type: { Document: input.documentKind }, text_chunking_strategy: 'V1' } }
          },
          description: (input.nodes[0]?.text ?? '').replace(/\s+/g, ' ').trim().slice(0, 200),
          merkle_root: merkleRoot(nodes.map((n) => n.merkle_hash))
        }
      },
      version: 'V1',
      sfm: { map: {}, source_files_count: 1 }
    }
  }
}
