import { z } from 'zod'

/* Query-string fields shared by the route groups (a query's values all arrive as strings). */

/** A whole number from a query string, within [min, max]. */
export const intParam = (min: number, max: number) =>
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

/**
 * A flag from a query string, as "true" or "false" (kept as the string). Written by hand in a script
 * it may come as `FALSE` or `True`, which mean the same; `flag=` with nothing is the flag left out.
 * Anything else is refused.
 */
export const boolParam = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v
    const t = v.trim().toLowerCase()
    return t === '' ? undefined : t === 'true' || t === 'false' ? t : v
  },
  z.enum(['true', 'false'], { error: 'expected "true" or "false"' }).optional()
)
