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

/** A flag from a query string: "true" or "false" (kept as the string). */
export const boolParam = z.enum(['true', 'false'], { error: 'expected "true" or "false"' })
