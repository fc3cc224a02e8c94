import type { z } from 'zod'
import { config, util } from 'zod/v4/core'

/** Bodies (and queries) with more values than this are checked stopping at the first problem (see parseBody). */
export const MANY_VALUES = 10_000

export type BodyParse =
  { readonly success: true; readonly data: unknown } | { readonly success: false; readonly issues: z.core.$ZodIssue[] }

/** Whether `value` holds more than `limit` array elements and object values in all, walking no further than that. */
export function hasMoreValuesThan(value: unknown, limit: number): boolean {
  let seen = 0
  const pending: unknown[] = [value]
  while (pending.length > 0) {
    const v = pending.pop()
    if (v === null || typeof v !== 'object' || ArrayBuffer.isView(v)) continue
    const children = Array.isArray(v) ? v : Object.values(v)
    seen += children.length
    if (seen > limit) return true
    for (const c of children) pending.push(c)
  }
  return false
}

/** The part of zod's schema interface that runs a parse with a context (zod 4's `_zod.run`). */
interface RunnableSchema {
  readonly _zod: {
    run(
      payload: { value: unknown; issues: z.core.$ZodRawIssue[] },
      ctx: { readonly async: false; readonly abortEarly: boolean }
    ): { value: unknown; issues: z.core.$ZodRawIssue[] } | Promise<unknown>
  }
}

/**
 * A body (or a query) checked against its route's schema. zod reports every problem it finds, one issue of
 * about 700 bytes per bad array element: a 2 MiB body of a million bad elements took 700 MB and
 * 7 s, and a larger one ended the node. A body of more than MANY_VALUES values is therefore
 * checked the way zod's own `validate` does, stopping at the first problem (its `abortEarly`
 * parse context); smaller bodies get every problem, so that one answer names all the fields to fix.
 */
export function parseBody(schema: z.ZodType, body: unknown): BodyParse {
  if (!hasMoreValuesThan(body, MANY_VALUES)) {
    const r = schema.safeParse(body)
    return r.success ? { success: true, data: r.data } : { success: false, issues: r.error.issues }
  }
  const ctx = { async: false, abortEarly: true } as const
  const result = (schema as unknown as RunnableSchema)._zod.run({ value: body, issues: [] }, ctx)
  if (result instanceof Promise) throw new Error('body schemas are synchronous')
  if (result.issues.length === 0) return { success: true, data: result.value }
  return { success: false, issues: result.issues.slice(0, 20).map((issue) => util.finalizeIssue(issue, ctx, config())) }
}
