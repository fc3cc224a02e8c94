import { expect } from 'vitest'

/** Wording of schemas and parsers that a person should never read. */
export const SCHEMA_WORDING =
  /\bexpected\b|Invalid input|at least 1 character|Too (small|big)|Unrecognized|Type validation|ZodError|must not be blank/i

/** A message a person reads: a capital first letter, a full stop at the end, no schema wording. */
export function expectSentence(text: string) {
  expect(text).toMatch(/^[A-Z]/)
  expect(text).toMatch(/[.)"]$/)
  expect(text).not.toMatch(SCHEMA_WORDING)
  expect(text).not.toMatch(/undefined|\[object Object\]/)
}
