import { existsSync } from 'node:fs'
import { modelKind } from '../../../shared/contract/identity'
import type { LlmProvider } from '../../../shared/contract/provider'
import { parseVfsPath } from '../../../shared/contract/vector-fs'
import { PROVIDER_CATALOG } from '../../../shared/provider-catalog'
import { EMBEDDING_KINDS } from '../../runtime/embedding-model'
import { VfsError } from '../../vector-fs'
import type { NodeContext } from '../context'
import { ApiError, badRequest, notFound } from '../errors'
import { FileBody } from '../file-body'
import type { HandlerGroup } from '../handler-types'

type VectorFsRoutes =
  | 'retrieve_path_simplified'
  | 'create_folder'
  | 'upload_file_to_folder'
  | 'move_item'
  | 'move_folder'
  | 'delete_item'
  | 'delete_folder'
  | 'search_items'
  | 'download_file'
  | 'retrieve_vector_resource'
  | 'get_default_embedding_model'
  | 'update_default_embedding_model'
  | 'find_vector_fs_entries'
  | 'search_items_words'
  | 'vector_fs_file_states'
  | 'vector_fs_missing_paths'
  | 'vector_fs_path_usage'
  | 'vector_fs_passage_count'
  | 'retry_failed_embeddings'

/** Paths were validated by the schema; this only splits them. */
function segments(path: string | undefined): string[] {
  const parsed = parseVfsPath(path ?? '/')
  if (!parsed.ok) throw badRequest(`path: ${parsed.problem}`)
  return parsed.segments
}

/** Runs a VectorFS call, turning its VfsError into the API's error body. */
async function vfsCall<T>(fn: () => T | Promise<T>): Promise<T> {
  try {
    return await fn()
  } catch (err) {
    if (err instanceof VfsError) throw new ApiError(err.status, err.message)
    throw err
  }
}

export function vectorFsHandlers(ctx: NodeContext): HandlerGroup<VectorFsRoutes> {
  const vfs = ctx.vectorFs
  return {
    retrieve_path_simplified: ({ query }) => vfsCall(() => vfs.retrievePath(segments(query.path), Number(query.depth ?? 1))),
    create_folder: async ({ body }) => {
      await vfsCall(() => vfs.createFolder(segments(body.path), body.folder_name))
      return 'Successfully created folder' as const
    },
    upload_file_to_folder: ({ body, upload }) =>
      vfsCall(() => {
        const source = upload ? { file: upload.file, size: upload.size } : body.file_data ? { bytes: body.file_data } : undefined
        if (!source) throw badRequest("file_data: required (the file's bytes)")
        return vfs.upload({
          folder: segments(body.path),
          filename: body.filename,
          source,
          fileDatetime: body.file_datetime,
          replace: body.replace,
          began: upload?.began
        })
      }),
    move_item: async ({ body }) => {
      await vfsCall(() => vfs.move('item', segments(body.origin_path), segments(body.destination_path)))
      return 'Successfully moved' as const
    },
    move_folder: async ({ body }) => {
      await vfsCall(() => vfs.move('folder', segments(body.origin_path), segments(body.destination_path)))
      return 'Successfully moved' as const
    },
    delete_item: async ({ body }) => {
      await vfsCall(() => vfs.remove('item', segments(body.path)))
      return 'Successfully deleted' as const
    },
    delete_folder: async ({ body }) => {
      await vfsCall(() => vfs.remove('folder', segments(body.path)))
      return 'Successfully deleted' as const
    },
    search_items: ({ body }) => vfsCall(() => vfs.search(body.search, segments(body.path ?? undefined), body.max_results ?? 10)),
    download_file: ({ query }) =>
      vfsCall(async () => {
        const f = await vfs.download(segments(query.path))
        // Checked here, while an error body can still be sent (a send that fails midway can only drop the connection).
        if (!existsSync(f.file)) throw new ApiError(500, `path: the stored copy of ${query.path} is missing from the data folder`)
        return new FileBody(f.file, f.contentType, f.name, f.size)
      }),
    find_vector_fs_entries: ({ query }) => vfs.findByName(query.q, query.kind, query.limit ?? 50),
    vector_fs_file_states: () => vfs.fileStateCounts(),
    search_items_words: ({ body }) => ({ words: vfs.searchWordMatches(body.search) }),
    retry_failed_embeddings: () => ({ queued: vfs.retryFailedEmbeddings() }),
    vector_fs_missing_paths: ({ body }) => ({ missing: vfs.missingPaths(body.path_ids, body.kinds) }),
    vector_fs_path_usage: ({ query }) => {
      const at = segments(query.path)
      if (at.length === 0) throw badRequest('path: the root folder cannot be deleted; name a file or folder in it')
      const kind = vfs.kindAt(at)
      if (!kind) throw new ApiError(404, `path: no file or folder ${query.path}`)
      return ctx.store.jobs.pathUsage(at, kind)
    },
    vector_fs_passage_count: ({ query }) => vfsCall(() => ({ passages: vfs.passageCount(segments(query.path)) })),
    retrieve_vector_resource: ({ query }) => vfsCall(() => vfs.exportResource(segments(query.path))),
    get_default_embedding_model: () => {
      const m = vfs.embeddingModel()
      return { provider_id: m?.providerId ?? null, model: m?.model ?? null }
    },
    update_default_embedding_model: ({ body }) => {
      if (body.provider_id === null || body.model === null) {
        vfs.setEmbeddingModel(undefined)
        return 'Successfully updated embedding model'
      }
      const row = ctx.store.providers.get(body.provider_id)
      if (!row) throw notFound(`provider_id: no LLM provider with id '${body.provider_id}'`)
      const { kind } = modelKind((JSON.parse(row.provider_json) as LlmProvider).model)
      if (!(EMBEDDING_KINDS as readonly string[]).includes(kind)) {
        throw badRequest(
          `provider_id: ${PROVIDER_CATALOG[kind].label} cannot embed documents; choose an OpenAI (or OpenAI-compatible), Ollama or Gemini provider`
        )
      }
      vfs.setEmbeddingModel({ providerId: body.provider_id, model: body.model })
      return 'Successfully updated embedding model'
    }
  }
}
