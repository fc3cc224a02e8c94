import type { JobScope } from '../../src/shared/contract/scope'

export const NODE = '@@localhost.sep-shinkai'

export function provider(id: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    allowed_message_senders: [],
    full_identity_name: {
      full_name: `${NODE}/main/agent/${id}`,
      node_name: NODE,
      profile_name: 'main',
      subidentity_name: id,
      subidentity_type: 'Agent'
    },
    id,
    model: { OpenAI: { model_type: 'gpt-4o-mini' } },
    perform_locally: false,
    storage_bucket_permissions: [],
    toolkit_permissions: [],
    ...overrides
  }
}

const embedding = (id: string, n = 8) => ({ id, vector: Array.from({ length: n }, (_, i) => Math.sin(i + id.length) / 3) })

const source = (file: string) => ({
  Standard: { FileRef: { file_name: file, file_type: { Document: 'Pdf' }, text_chunking_strategy: 'V1' } }
})

export function documentResource(name: string) {
  return {
    created_datetime: '2024-05-01T10:11:12.123Z',
    data_tag_index: { index: {} },
    distribution_info: { datetime: '2024-05-01', origin: { Uri: `file:///docs/${name}.pdf` } },
    embedding_model_used_string: 'snowflake-arctic-embed:xs',
    embeddings: [embedding('1'), embedding('2')],
    keywords: {
      keyword_list: ['résumé', 'naïve', '東京', 'emoji 🚀'],
      keywords_embedding: { embedding: embedding('kw'), model_used: 'snowflake-arctic-embed:xs' }
    },
    last_written_datetime: '2024-05-02',
    metadata_index: { index: { author: ['Zoë'] } },
    name,
    node_count: 2,
    nodes: [
      {
        content: { Text: 'Première partie — «citation» and 日本語 text with "quotes" and \\ backslash' },
        data_tag_names: [],
        id: '1',
        last_written_datetime: '2024-05-02',
        merkle_hash: 'a'.repeat(64),
        metadata: { page_numbers: '[1]' }
      },
      {
        content: { Text: 'Second node: line one\nline two\ttabbed \u2028 separator' },
        data_tag_names: ['tag'],
        id: '2',
        last_written_datetime: '2024-05-02',
        merkle_hash: 'b'.repeat(64),
        metadata: {}
      }
    ],
    resource_base_type: 'Document',
    resource_embedding: embedding('res', 16),
    resource_id: `rid-${name}`,
    source: source(`${name}.pdf`),
    description: `About ${name}`,
    merkle_root: 'c'.repeat(64)
  }
}

/** A local vrkai scope entry (the format of a `.vrkai` file) holding `resource`. */
export function vrkaiEntry(resource: ReturnType<typeof documentResource>, metadata: Record<string, unknown> = {}) {
  return { vrkai: { metadata, resource: { Document: resource }, version: 'V1', sfm: { map: {}, source_files_count: 0 } } }
}

/** The network folder `Shared` of agent `remote` on node `@@other.sep-shinkai`, at `pathIds`. */
export function remoteSharedFolder(pathIds: string[]) {
  return {
    external_identity: {
      full_name: '@@other.sep-shinkai/main/agent/remote',
      node_name: '@@other.sep-shinkai',
      profile_name: 'main',
      subidentity_name: 'remote',
      subidentity_type: 'Agent' as const
    },
    name: 'Shared',
    path: { path_ids: pathIds }
  }
}

/** A scope holding entries of all five kinds, with full DocumentResources and unicode text. */
export function fullScope(): JobScope {
  return {
    local_vrkai: [vrkaiEntry(documentResource('handbook'), { imported_by: 'tests' })],
    local_vrpack: [
      {
        vrpack: {
          embedding_models_used: { 'snowflake-arctic-embed:xs': 3 },
          folder_count: 1,
          metadata: {},
          name: 'Pack ✓',
          resource: { Document: documentResource('pack-root') },
          version: 'V1',
          vrkai_count: 3
        }
      }
    ],
    network_folders: [remoteSharedFolder(['shared', 'reports'])],
    vector_fs_folders: [{ name: 'Contracts', path: { path_ids: ['My Files', 'Contracts'] } }],
    vector_fs_items: [{ name: 'Q3 report.pdf', path: { path_ids: ['My Files', 'Q3 report.pdf'] }, source: source('Q3 report.pdf') }]
  }
}

export function emptyScopeBody(): JobScope {
  return { local_vrkai: [], local_vrpack: [], network_folders: [], vector_fs_folders: [], vector_fs_items: [] }
}

export function createJobBody(llmProvider: string, scope: unknown = emptyScopeBody(), extra: Record<string, unknown> = {}) {
  return { llm_provider: llmProvider, job_creation_info: { scope, associated_ui: null, is_hidden: false, ...extra } }
}
