/** Types for node-version.mjs, which a packaging test imports. */
export function nodeVersionProblem(version?: string): string | undefined
export function requireNode22(): void
