import { z } from 'zod'
import { nameSearchWords } from './vector-fs-names'

/*
 * Nodedesk's own additions to the VectorFS routes (not in api-contract.md): what a window needs to
 * show a library of 100,000 entries without reading the whole tree. Finding entries by name (the
 * contract's search_items finds passages, not names, and never folders) and counting files by
 * embedding state (the Settings page's progress).
 */

/** A whole number from a query string, within [min, max]. */
const intParam = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, { error: `expected an integer from ${min} to ${max}` })
    .transform(Number)
    .pipe(
      z
        .number()
        .min(min, { error: `expected an integer from ${min} to ${max}` })
        .max(max, { error: `expected an integer from ${min} to ${max}` })
    )

export const FindEntriesQuerySchema = z.object({
  q: z
    .string({ error: 'required' })
    .refine((s) => nameSearchWords(s).length > 0, { error: 'expected at least one word' })
    .refine((s) => s.length <= 200, { error: 'must be at most 200 characters' }),
  /** Only folders or only files; both when absent. */
  kind: z.enum(['folder', 'file'], { error: 'expected "folder" or "file"' }).optional(),
  limit: intParam(1, 100).optional()
})

export const FileStateCountsSchema = z.strictObject({
  files: z.number(),
  processing: z.number(),
  ready: z.number(),
  failed: z.number()
})
export type FileStateCounts = z.infer<typeof FileStateCountsSchema>
