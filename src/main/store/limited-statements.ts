/**
 * Statements whose LIMIT is written into their SQL text, one per limit value, each prepared on
 * first use and kept (the `keep` most recently used).
 *
 * SQLite (3.48 and later; better-sqlite3 ships 3.54) reads a LIMIT given as a bound parameter
 * (`LIMIT ?`) while it plans the statement, and so marks the statement to be planned again
 * whenever that parameter is bound anew. better-sqlite3 binds on every call: such a statement was
 * parsed and planned again on every read. For the first page of the inbox list that was 34 µs
 * instead of 21 with the code warm, and 170 µs instead of 50 right after a write, when the
 * parser's code and data are no longer in the CPU's caches.
 */
export function limitedStatements<S>(prepare: (limit: number) => S, keep = 16): (limit: number) => S {
  const made = new Map<number, S>()
  return (limit) => {
    // Written into SQL: only a whole number may get there.
    if (!Number.isSafeInteger(limit) || limit < 0) throw new RangeError(`limit: expected a whole number >= 0, got ${String(limit)}`)
    let stmt = made.get(limit)
    if (stmt !== undefined) made.delete(limit)
    else stmt = prepare(limit)
    made.set(limit, stmt)
    if (made.size > keep) made.delete(made.keys().next().value!)
    return stmt
  }
}
