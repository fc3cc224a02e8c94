import { z } from 'zod'
import { baseName } from '../vfs-path'
import { codePointsAtMost } from './code-points'
import { LONE_SURROGATE } from './limits'
import { embeddingModelNameTooLongText, isEmbeddingModelNameWithin } from './model-name-rules'

/*
 * VectorFS, the node's document library (api-contract.md, "VectorFS"). A path is a string from
 * the root with `/` between segments; a segment is 1-255 characters (code points), has no `/` and
 * is not `.` or `..`.
 */

export const VFS_SEGMENT_MAX = 255
/** Upload limit (api-contract.md: 413 over 256 MiB). */
export const VFS_MAX_UPLOAD_BYTES = 256 * 1024 * 1024
export { VFS_READABLE_EXTENSIONS } from './vector-fs-types'

/** Why `name` cannot be a path segment, or undefined when it can. */
export function segmentProblem(name: string): string | undefined {
  if (name.length === 0) return 'a name must not be empty'
  if (!codePointsAtMost(name, VFS_SEGMENT_MAX)) return `a name must be at most ${VFS_SEGMENT_MAX} characters`
  if (name.includes('/')) return 'a name must not contain "/"'
  if (name === '.' || name === '..') return `"${name}" is not a valid name`
  // SQLite stores text as UTF-8, where half a surrogate pair becomes U+FFFD: the entry would be
  // listed under another name than the one given, and two different names would collide.
  if (LONE_SURROGATE.test(name)) return 'a name must not contain half of a surrogate pair (an unpaired \\ud800-\\udfff escape)'
  return undefined
}

export type ParsedPath = { readonly ok: true; readonly segments: string[] } | { readonly ok: false; readonly problem: string }

/** Why `segment` cannot be one of a path's segments (said of a segment, not a name), or undefined when it can. */
export const pathSegmentProblem = (segment: string): string | undefined => segmentProblem(segment)?.replace('a name', 'a segment')

/** `/a/b` -> ['a', 'b']; `/` -> []. */
export function parseVfsPath(path: string): ParsedPath {
  if (!path.startsWith('/')) return { ok: false, problem: 'expected a path starting with "/", e.g. /Contracts/lease.pdf' }
  if (path === '/') return { ok: true, segments: [] }
  const segments = path.slice(1).split('/')
  for (const s of segments) {
    if (s === '') return { ok: false, problem: 'expected no empty segment ("//" or a trailing "/")' }
    const problem = pathSegmentProblem(s)
    if (problem) return { ok: false, problem }
  }
  return { ok: true, segments }
}

export const formatVfsPath = (segments: readonly string[]) => '/' + segments.join('/')

const VfsPathSchema = z.string().superRefine((s, ctx) => {
  const parsed = parseVfsPath(s)
  if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.problem })
})
/**
 * Control characters (C0, DEL, C1) and the bidirectional controls: invisible in a name, and an
 * override can make "report\u202Etxt.exe" show as "reportexe.txt", a name lying about its type.
 */
function hasHiddenCharacter(name: string): boolean {
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i)
    if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) return true
    if (c === 0x061c || c === 0x200e || c === 0x200f || (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069)) return true
  }
  return false
}

/**
 * Why `name` cannot be the name of a new entry (a folder made, a file uploaded, an entry renamed),
 * or undefined when it can: a path segment without hidden characters. Paths to entries that exist
 * are only held to segmentProblem, so one named before this rule can still be reached.
 */
export function newNameProblem(name: string): string | undefined {
  return segmentProblem(name) ?? (hasHiddenCharacter(name) ? 'a name must not contain control or text-direction characters' : undefined)
}

const SegmentSchema = z.string().superRefine((s, ctx) => {
  const problem = newNameProblem(s)
  if (problem) ctx.addIssue({ code: 'custom', message: problem })
})

/** One entry of the tree (files and folders); `children` is filled down to the requested depth. */
export interface FileInfo {
  path: string
  path_ids: string[]
  name: string
  is_directory: boolean
  created_time: string
  modified_time: string
  has_embeddings: boolean
  size: number
  /** Files: `ready`, `processing` or `failed: <reason>`; folders: null. */
  status: string | null
  children: FileInfo[] | null
}
export const FileInfoSchema: z.ZodType<FileInfo> = z.lazy(() =>
  z.object({
    path: z.string(),
    path_ids: z.array(z.string()),
    name: z.string(),
    is_directory: z.boolean(),
    created_time: z.string(),
    modified_time: z.string(),
    has_embeddings: z.boolean(),
    size: z.number(),
    status: z.string().nullable(),
    children: z.array(FileInfoSchema).nullable()
  })
)

export const RetrievePathQuerySchema = z.object({
  path: VfsPathSchema.optional(),
  depth: z
    .string()
    .regex(/^\d{1,2}$/, { error: 'expected an integer from 0 to 10' })
    .refine((s) => Number(s) <= 10, { error: 'expected an integer from 0 to 10' })
    .optional()
})

export const CreateFolderRequestSchema = z.strictObject({
  path: VfsPathSchema,
  folder_name: SegmentSchema
})

/** How the 409 of an upload asked to `replace` a folder ends: a file never takes a folder's place. */
export const FOLDER_NOT_REPLACED = 'is a folder; only a file is replaced'

/** IPC form of the upload; over HTTP the same fields arrive as multipart/form-data. */
export const UploadFileRequestSchema = z.strictObject({
  path: VfsPathSchema,
  filename: SegmentSchema,
  // Structured clone (IPC) carries bytes as a typed array or a bare ArrayBuffer: both are the file.
  file_data: z
    .union([z.instanceof(Uint8Array), z.instanceof(ArrayBuffer).transform((b) => new Uint8Array(b))], {
      error: "expected the file's bytes"
    })
    .optional(),
  // ISO 8601 checked by its form, day of month included: Date.parse took "2023-02-29" as 1 March,
  // "1" as 2001 and "March 5" as a date, so a script's mistake became a made-up date without a word.
  file_datetime: z
    .union([z.iso.datetime({ offset: true, local: true }), z.iso.date()], {
      error: 'expected an ISO 8601 date-time, e.g. 2024-03-01T10:00:00Z (or a date, 2024-03-01)'
    })
    // Kept as UTC: an offset may carry 0000-01-01T00:00+01:00 to year -1 (-000001-12-31T23:00:00.000Z), out of the
    // YYYY-MM-DDTHH:MM:SS.mmmZ form every timestamp the node answers has.
    .refine(
      (s) => {
        const t = Date.parse(s)
        return Number.isFinite(t) && /^\d{4}-/.test(new Date(t).toISOString())
      },
      {
        error: 'expected a date-time from 0000-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z (in UTC, its offset applied)'
      }
    )
    .nullable()
    .optional(),
  // Beyond the contract (which answers 409 for a name in use): true replaces a file of the same name in
  // the folder, in the step that stores the new one (the window's "Replace"). Over HTTP a form field, "true" or "false".
  replace: z.union([z.boolean(), z.enum(['true', 'false']).transform((s) => s === 'true')], { error: 'expected true or false' }).optional()
})

export const MoveRequestSchema = z
  .strictObject({
    origin_path: VfsPathSchema,
    destination_path: VfsPathSchema
  })
  .superRefine((b, ctx) => {
    // A new name (a rename) is held to the rules of new names; an entry keeping its name may move.
    const name = baseName(b.destination_path)
    const problem = name === baseName(b.origin_path) ? undefined : newNameProblem(name)
    if (problem) ctx.addIssue({ code: 'custom', path: ['destination_path'], message: problem })
  })

export const DeleteRequestSchema = z.strictObject({ path: VfsPathSchema })

export const PathQuerySchema = z.object({ path: VfsPathSchema })

export const SearchItemsRequestSchema = z.strictObject({
  search: z
    .string()
    .min(1)
    .max(10_000)
    .refine((s) => s.trim() !== '', { error: 'must not be blank' }),
  // null, as upstream clients send an absent Option, is the default: the root, 10 results.
  path: VfsPathSchema.nullable().optional(),
  max_results: z.number().int().min(1).max(100).nullable().optional()
})

export const SearchResultSchema = z.object({
  path: z.string(),
  name: z.string(),
  node_id: z.string(),
  text: z.string(),
  score: z.number()
})
export type SearchResult = z.infer<typeof SearchResultSchema>

export const EmbeddingModelSettingSchema = z
  .strictObject({
    provider_id: z.string().min(1).nullable(),
    // Spaces alone name no model: every embedding call would fail.
    model: z
      .string()
      .refine((s) => s.trim() !== '', { error: "Enter the embedding model's name, e.g. text-embedding-3-small." })
      .refine(isEmbeddingModelNameWithin, { error: (issue) => embeddingModelNameTooLongText(issue.input as string) })
      .nullable()
  })
  .refine((v) => (v.provider_id === null) === (v.model === null), {
    error: 'provider_id and model: expected both set or both null',
    path: ['model']
  })
export type EmbeddingModelSetting = z.infer<typeof EmbeddingModelSettingSchema>

/** Where an answer's passages came from (`job_message.sources`); local scope entries have `local:<name>` paths. */
export const AnswerSourceSchema = z.object({
  path: z.string(),
  name: z.string(),
  node_id: z.string(),
  score: z.number()
})
export type AnswerSource = z.infer<typeof AnswerSourceSchema>
