import { z } from 'zod'
import { intParam } from './query-params'
import { nameSearchWords } from './vector-fs-names'
import { FIND_QUERY_MAX_CHARS, MISSING_PATHS_MAX } from './vector-fs-limits'
import { SearchItemsRequestSchema } from './vector-fs'

/*
 * Nodedesk's own additions to the VectorFS routes (not in api-contract.md): what a window needs to
 * show a library of 100,000 entries without reading the whole tree. Finding entries by name (the
 * contract's search_items finds passages, not names, and never folders) and counting files by
 * embedding state (the Settings page's progress).
 */

export const FindEntriesQuerySchema = z.object({
  q: z
    .string()
    .refine((s) => nameSearchWords(s).length > 0, { error: 'expected at least one word' })
    .refine((s) => s.length <= FIND_QUERY_MAX_CHARS, { error: `must be at most ${FIND_QUERY_MAX_CHARS} characters` }),
  /** Only folders or only files; both when absent. */
  kind: z.enum(['folder', 'file'], { error: 'expected "folder" or "file"' }).optional(),
  limit: intParam(1, 100).optional()
})

export const MissingPathsRequestSchema = z
  .strictObject({
    path_ids: z
      .array(z.array(z.string()), { error: 'expected an array of paths, each an array of strings' })
      .min(1, { error: `expected 1 to ${MISSING_PATHS_MAX} paths` })
      .max(MISSING_PATHS_MAX, { error: `expected 1 to ${MISSING_PATHS_MAX} paths` }),
    /**
     * What each path must be, in the same places: a scope's item whose file was replaced by a folder of
     * its name (or a folder by a file) finds nothing, so it is missing. Absent: any entry will do.
     */
    kinds: z.array(z.enum(['folder', 'file'], { error: 'expected "folder" or "file"' }), { error: 'expected an array' }).optional()
  })
  .superRefine((b, ctx) => {
    if (b.kinds && b.kinds.length !== b.path_ids.length)
      ctx.addIssue({
        code: 'custom',
        path: ['kinds'],
        message: `expected one kind per path (${b.path_ids.length}), got ${b.kinds.length}`
      })
  })

export const SearchItemsWordsRequestSchema = z.strictObject({ search: SearchItemsRequestSchema.shape.search })

/**
 * Each word of a search_items search (as the window splits it) and how the keyword search matches it
 * now: also as the start of longer words, as a whole word only (its word starts are in too many
 * passages to score), or not at all: `none` for a word in nearly every passage, `past_limit` for one
 * past the first 64 words a search keeps (a search too long).
 */
export const SearchItemsWordsResponseSchema = z.strictObject({
  words: z.array(z.strictObject({ word: z.string(), match: z.enum(['word_starts', 'whole', 'none', 'past_limit']) }))
})
export type SearchItemsWords = z.infer<typeof SearchItemsWordsResponseSchema>

/** How many of the jobs using a library path vector_fs_path_usage names (the newest). */
export const PATH_USAGE_NAMED = 5

/**
 * What a file's or folder's delete would take from jobs, asked before the operator confirms: `jobs`
 * counts every job (hidden ones too) whose scope names the path as what it is (a file entry for a
 * file, a folder entry for a folder), something under a folder, or a folder holding it; `recent`
 * names the newest few.
 */
export const PathUsageResponseSchema = z.strictObject({
  jobs: z.number().int(),
  recent: z.array(z.strictObject({ inbox_id: z.string(), custom_name: z.string(), is_hidden: z.boolean() }))
})
export type PathUsageResponse = z.infer<typeof PathUsageResponseSchema>

/** How many passages a file was cut into: 0 for a file that holds no text (empty, or a scanned PDF with no text layer). */
export const PassageCountResponseSchema = z.strictObject({ passages: z.number().int() })
export type PassageCountResponse = z.infer<typeof PassageCountResponseSchema>

export const MissingPathsResponseSchema = z.strictObject({
  /** The places in `path_ids` of the paths the library does not hold. */
  missing: z.array(z.number())
})

/** The embedding provider's last failure while the queue tries the same passages again (their files stay processing). */
export const EmbeddingFailureSchema = z.strictObject({
  /** Why, in a sentence that names the provider's server (never its key). */
  message: z.string(),
  /** When that try failed. */
  at: z.string(),
  /** Tries made so far of the passages in hand, and how many are made before their files are marked failed. */
  attempt: z.number(),
  max_attempts: z.number(),
  /** When the next try is made. */
  next_try_at: z.string()
})
export type EmbeddingFailure = z.infer<typeof EmbeddingFailureSchema>

/**
 * A call to the embedding server that has gone unanswered for a while (a server that accepts and
 * never answers, a model still loading): the files stay processing (the contract's status) until it
 * answers or the node gives up at `gives_up_at`, when they are marked failed.
 */
export const EmbeddingWaitSchema = z.strictObject({
  /** The embedding provider and model the call is to. */
  provider_id: z.string(),
  model: z.string(),
  /** When the call was made. */
  since: z.string(),
  /** When the node stops waiting for this call. */
  gives_up_at: z.string()
})
export type EmbeddingWait = z.infer<typeof EmbeddingWaitSchema>

/** How many distinct reasons vector_fs_file_states names for the failed files (the commonest). */
export const FAILED_REASONS = 3

export const FileStateCountsSchema = z.strictObject({
  files: z.number(),
  processing: z.number(),
  ready: z.number(),
  failed: z.number(),
  /**
   * Why the failed files failed: the reason of their `failed: <reason>` status, commonest first, with
   * how many files each (up to FAILED_REASONS; empty when none failed). Files fail only in embedding,
   * and a model saved with a wrong name or an unreachable server fails them all with one reason: the
   * window says it where the operator chose the model, not only on each file's row.
   */
  failed_reasons: z.array(z.strictObject({ reason: z.string(), files: z.number() })),
  /** Null while embedding works (or nothing waits for it). */
  embedding_failure: EmbeddingFailureSchema.nullable(),
  /** Null unless a call to the embedding server has been waiting for an answer for some seconds. */
  embedding_wait: EmbeddingWaitSchema.nullable()
})
export type FileStateCounts = z.infer<typeof FileStateCountsSchema>

export const RetryFailedEmbeddingsRequestSchema = z.strictObject({})
export const RetryFailedEmbeddingsResponseSchema = z.strictObject({
  /** Files processing again. */
  queued: z.number()
})
