import { z } from 'zod'

export const STRING_ARRAY_RULE = 'expected array of strings'

/**
 * A `string[]` field. Whatever is wrong with it, a value that is no array or an item that is no
 * string, is said of the field itself, in the contract's words:
 * `job_creation_info.scope.vector_fs_items[2].path.path_ids: expected array of strings`.
 */
export const stringArray = () =>
  z
    .array(z.unknown(), { error: STRING_ARRAY_RULE })
    .check((ctx) => {
      if (!ctx.value.every((item) => typeof item === 'string'))
        ctx.issues.push({ code: 'custom', message: STRING_ARRAY_RULE, input: ctx.value })
    })
    // Reached only when every item is a string (a pipe stops at the first part's issues).
    .pipe(z.custom<string[]>())
