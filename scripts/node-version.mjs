// Nodedesk needs Node.js 22.12 or newer (package.json "engines"); on an older Node the native
// SQLite module fails in ways that say nothing (a segfault on Node 20), so say it first.

/** The sentence to show when `version` is older than 22.12, or undefined when it will do. */
export function nodeVersionProblem(version = process.versions.node) {
  const [major, minor] = version.split('.').map(Number)
  if (major > 22 || (major === 22 && minor >= 12)) return undefined
  return (
    `Nodedesk needs Node.js 22.12 or newer; this is Node.js ${version}. ` +
    'Install a newer Node.js (https://nodejs.org) and run the command again.'
  )
}

/** Exits with that sentence when this Node.js is too old. */
export function requireNode22() {
  const problem = nodeVersionProblem()
  if (!problem) return
  console.error(problem)
  process.exit(1)
}
