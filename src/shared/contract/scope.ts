import { z } from 'zod'
import { stringArray } from './string-array'
import { ScopeIdentityNameSchema } from './identity'
import { pathSegmentProblem } from './vector-fs'

/*
 * Seed 2.4. Every field the seed lists is type-checked; objects the seed types only as
 * "object" are kept as given, and extra keys inside entries are kept (loose objects).
 * The store keeps the caller's JSON itself, so nothing is reordered or dropped.
 */

const jsonObject = z.record(z.string(), z.unknown(), { error: 'expected object' })
const dateString = z.string().regex(/^\d{4}-\d{2}-\d{2}/, { error: 'expected a date string (YYYY-MM-DD...)' })

export const EmbeddingSchema = z.looseObject({
  id: z.string(),
  vector: z.array(z.number(), { error: 'expected array of numbers' })
})

export const NodeSchema = z.looseObject({
  content: z.looseObject({ Text: z.string() }),
  data_tag_names: stringArray(),
  id: z.string(),
  last_written_datetime: dateString,
  merkle_hash: z.string(),
  metadata: jsonObject
})

export const SourceSchema = z.looseObject({
  Standard: z.looseObject({
    FileRef: z.looseObject({
      file_name: z.string(),
      file_type: z.looseObject({ Document: z.string() }),
      text_chunking_strategy: z.string()
    })
  })
})
export type Source = z.infer<typeof SourceSchema>

export const DocumentResourceSchema = z.looseObject({
  created_datetime: dateString,
  data_tag_index: z.looseObject({ index: jsonObject }),
  distribution_info: z.looseObject({
    datetime: dateString,
    origin: z.looseObject({ Uri: z.string() })
  }),
  embedding_model_used_string: z.string(),
  embeddings: z.array(EmbeddingSchema, { error: 'expected array of embeddings' }),
  keywords: z.looseObject({
    keyword_list: stringArray(),
    keywords_embedding: z.looseObject({ embedding: EmbeddingSchema, model_used: z.string() })
  }),
  last_written_datetime: dateString,
  metadata_index: z.looseObject({ index: jsonObject }),
  name: z.string(),
  node_count: z.number().int(),
  nodes: z.array(NodeSchema, { error: 'expected array of nodes' }),
  resource_base_type: z.string(),
  resource_embedding: EmbeddingSchema,
  resource_id: z.string(),
  source: SourceSchema,
  description: z.string().nullable().optional(),
  merkle_root: z.string().nullable().optional()
})
export type DocumentResource = z.infer<typeof DocumentResourceSchema>

const DocumentWrapper = z.looseObject({ Document: DocumentResourceSchema })

export const LocalVrkaiEntrySchema = z.looseObject({
  vrkai: z.looseObject({
    metadata: jsonObject,
    resource: DocumentWrapper,
    version: z.string(),
    sfm: z.looseObject({ map: jsonObject, source_files_count: z.number().int() })
  })
})
export type LocalVrkaiEntry = z.infer<typeof LocalVrkaiEntrySchema>

export const LocalVrpackEntrySchema = z.looseObject({
  vrpack: z.looseObject({
    embedding_models_used: jsonObject,
    folder_count: z.number().int(),
    metadata: jsonObject,
    name: z.string(),
    resource: DocumentWrapper,
    version: z.string(),
    vrkai_count: z.number().int()
  })
})
export type LocalVrpackEntry = z.infer<typeof LocalVrpackEntrySchema>

const VrPathSchema = z.looseObject({ path_ids: stringArray() })

/**
 * A path of this node's document library, as segments (api-contract.md, "VectorFS": a segment is
 * 1-255 characters, has no `/`, and is not `.` or `..`). `["a", "", "b"]` (`/a//b`), `["a", ".."]` or
 * `["a", ""]` (`/a/`) names no entry, or one ambiguously: refused, naming the segment, e.g.
 * `job_creation_info.scope.vector_fs_items[2].path.path_ids[1]: a segment must not be empty`.
 */
const VfsPathIdsSchema = z.looseObject({
  path_ids: stringArray().check((ctx) => {
    ctx.value.forEach((segment, i) => {
      const problem = pathSegmentProblem(segment)
      if (problem) ctx.issues.push({ code: 'custom', message: problem, input: segment, path: [i] })
    })
  })
})

export const NetworkFolderSchema = z.looseObject({
  external_identity: ScopeIdentityNameSchema,
  name: z.string(),
  path: VrPathSchema
})
export type NetworkFolder = z.infer<typeof NetworkFolderSchema>

export const VectorFsFolderSchema = z.looseObject({
  name: z.string(),
  path: VfsPathIdsSchema
})
export type VectorFsFolder = z.infer<typeof VectorFsFolderSchema>

export const VectorFsItemSchema = z.looseObject({
  name: z.string(),
  path: VfsPathIdsSchema,
  source: SourceSchema
})
export type VectorFsItem = z.infer<typeof VectorFsItemSchema>

export const JobScopeSchema = z.looseObject({
  local_vrkai: z.array(LocalVrkaiEntrySchema, { error: 'expected array' }),
  local_vrpack: z.array(LocalVrpackEntrySchema, { error: 'expected array' }),
  network_folders: z.array(NetworkFolderSchema, { error: 'expected array' }),
  vector_fs_folders: z.array(VectorFsFolderSchema, { error: 'expected array' }),
  vector_fs_items: z.array(VectorFsItemSchema, { error: 'expected array' })
})
export type JobScope = z.infer<typeof JobScopeSchema>

export function emptyScope(): JobScope {
  return { local_vrkai: [], local_vrpack: [], network_folders: [], vector_fs_folders: [], vector_fs_items: [] }
}
