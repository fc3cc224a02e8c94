import { z } from 'zod'
import { routePaths } from './route-paths'
import { SMALL_BODY_LIMIT } from './limits'
import { FileInfoSchema, PathQuerySchema } from './vector-fs'
import {
  FileStateCountsSchema,
  FindEntriesQuerySchema,
  MissingPathsRequestSchema,
  MissingPathsResponseSchema,
  PassageCountResponseSchema,
  PathUsageResponseSchema,
  RetryFailedEmbeddingsRequestSchema,
  RetryFailedEmbeddingsResponseSchema,
  SearchItemsWordsRequestSchema,
  SearchItemsWordsResponseSchema
} from './vector-fs-browse'

/** Browsing a large library (Nodedesk's additions, see vector-fs-browse.ts). */
export const vectorFsBrowseRoutes = {
  find_vector_fs_entries: {
    ...routePaths.find_vector_fs_entries,
    auth: true,
    query: FindEntriesQuerySchema,
    description:
      'Folders and files whose name holds every word of q (any case; `/` counts as a space), folders first; for a q with `/` (a typed path, `reports/2024`), also the entries whose path holds it, then what lies under the folders it ends at; up to limit (1-100, default 50); children null.',
    response: z.array(FileInfoSchema)
  },
  search_items_words: {
    ...routePaths.search_items_words,
    auth: true,
    body: SearchItemsWordsRequestSchema,
    bodyLimit: SMALL_BODY_LIMIT,
    description:
      "How search_items matches each word of `search` by keywords now: `word_starts` (the words it begins too), `whole` (only itself: the words it begins are in too many passages) or `none` (a word in nearly every passage). The window marks a result's words by this.",
    response: SearchItemsWordsResponseSchema
  },
  vector_fs_file_states: {
    ...routePaths.vector_fs_file_states,
    auth: true,
    query: z.object({}),
    description: 'How many files the library holds, and how many are processing, ready and failed (embedding progress).',
    response: FileStateCountsSchema
  },
  vector_fs_missing_paths: {
    ...routePaths.vector_fs_missing_paths,
    auth: true,
    body: MissingPathsRequestSchema,
    description:
      "Which of these paths (each as path_ids, e.g. a scope's entries) the library does not hold: one call, where reading each one's folder took a request per folder.",
    response: MissingPathsResponseSchema
  },
  vector_fs_path_usage: {
    ...routePaths.vector_fs_path_usage,
    auth: true,
    query: PathQuerySchema,
    description:
      'How many jobs take in a file or folder (their scope names it as what it is, a file entry for a file and a folder entry for a folder; something under a folder; or a folder holding it), naming the newest few: asked before a delete. 404 when the library has no such path.',
    response: PathUsageResponseSchema
  },
  vector_fs_passage_count: {
    ...routePaths.vector_fs_passage_count,
    auth: true,
    query: PathQuerySchema,
    description:
      "How many passages a file was cut into: 0 when no text could be read from it (an empty file, a scanned PDF with no text layer). The upload's answer cannot say so (the contract fixes its fields): a finished upload's row asks, when the answer does not tell. 404 when the library has no such file.",
    response: PassageCountResponseSchema
  },
  retry_failed_embeddings: {
    ...routePaths.retry_failed_embeddings,
    auth: true,
    body: RetryFailedEmbeddingsRequestSchema,
    bodyLimit: SMALL_BODY_LIMIT,
    description:
      'Embeds the files whose embedding failed again, with the model in use (its server was started again, say): they are processing until ready or failed anew. Answers how many (0 with no embedding model).',
    response: RetryFailedEmbeddingsResponseSchema
  }
} as const
