import { z } from 'zod'
import { routePaths } from './route-paths'
import { SMALL_BODY_LIMIT } from './limits'
import { LocalVrkaiEntrySchema } from './scope'
import {
  CreateFolderRequestSchema,
  DeleteRequestSchema,
  EmbeddingModelSettingSchema,
  FileInfoSchema,
  MoveRequestSchema,
  PathQuerySchema,
  RetrievePathQuerySchema,
  SearchItemsRequestSchema,
  SearchResultSchema,
  UploadFileRequestSchema
} from './vector-fs'

const message = <T extends string>(text: T) => z.literal(text)

/** VectorFS: the node's document library (api-contract.md, "VectorFS"). */
export const vectorFsRoutes = {
  retrieve_path_simplified: {
    ...routePaths.retrieve_path_simplified,
    auth: true,
    query: RetrievePathQuerySchema,
    description: "A folder's children as FileInfo, filled down to `depth` (0-10, default 1).",
    response: z.array(FileInfoSchema)
  },
  create_folder: {
    ...routePaths.create_folder,
    auth: true,
    body: CreateFolderRequestSchema,
    bodyLimit: SMALL_BODY_LIMIT,
    description: 'Creates a folder in an existing folder (409 when the name is taken).',
    response: message('Successfully created folder')
  },
  upload_file_to_folder: {
    ...routePaths.upload_file_to_folder,
    auth: true,
    body: UploadFileRequestSchema,
    upload: true,
    description:
      'Stores a file (multipart over HTTP, bytes over IPC), extracts its text into passages; embeddings follow in the background. A name in use is 409, unless `replace` is true (beyond the contract): a file of that name is then replaced.',
    response: FileInfoSchema
  },
  move_item: {
    ...routePaths.move_item,
    auth: true,
    body: MoveRequestSchema,
    bodyLimit: SMALL_BODY_LIMIT,
    description: 'Moves or renames a file: destination_path is its new full path.',
    response: message('Successfully moved')
  },
  move_folder: {
    ...routePaths.move_folder,
    auth: true,
    body: MoveRequestSchema,
    bodyLimit: SMALL_BODY_LIMIT,
    description: 'Moves or renames a folder with everything in it (400 into itself).',
    response: message('Successfully moved')
  },
  delete_item: {
    ...routePaths.delete_item,
    auth: true,
    body: DeleteRequestSchema,
    bodyLimit: SMALL_BODY_LIMIT,
    description: 'Deletes a file, its passages and embeddings.',
    response: message('Successfully deleted')
  },
  delete_folder: {
    ...routePaths.delete_folder,
    auth: true,
    body: DeleteRequestSchema,
    bodyLimit: SMALL_BODY_LIMIT,
    description: 'Deletes a folder with everything in it (400 for the root).',
    response: message('Successfully deleted')
  },
  search_items: {
    ...routePaths.search_items,
    auth: true,
    body: SearchItemsRequestSchema,
    bodyLimit: SMALL_BODY_LIMIT,
    description: 'The passages under `path` that best answer `search` (embeddings and keywords, fused by rank).',
    response: z.array(SearchResultSchema)
  },
  download_file: {
    ...routePaths.download_file,
    auth: true,
    query: PathQuerySchema,
    file: true,
    description: "A file's original bytes with its content type.",
    response: z.instanceof(Uint8Array)
  },
  retrieve_vector_resource: {
    ...routePaths.retrieve_vector_resource,
    auth: true,
    query: PathQuerySchema,
    description: 'A file as a seed LocalVrkaiEntry (nodes, embeddings, keywords, merkle hashes): carried as a local scope entry.',
    response: LocalVrkaiEntrySchema
  },
  get_default_embedding_model: {
    ...routePaths.get_default_embedding_model,
    auth: true,
    query: z.object({}),
    description: 'The provider and model that embed documents, or nulls (keyword search only).',
    response: EmbeddingModelSettingSchema
  },
  update_default_embedding_model: {
    ...routePaths.update_default_embedding_model,
    auth: true,
    body: EmbeddingModelSettingSchema,
    bodyLimit: SMALL_BODY_LIMIT,
    description: 'Sets (or clears) the embedding model; every file is embedded again in the background.',
    response: message('Successfully updated embedding model')
  }
} as const
