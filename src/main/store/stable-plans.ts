import type Database from 'better-sqlite3'

/**
 * Statements that keep their plan from one call to the next.
 *
 * SQLite (3.54 here, with STAT4 compiled in) marks a statement to be prepared again when a value
 * bound to a parameter compared with `=` or `IS`, or given as LIMIT or OFFSET, might change its
 * plan (whether the value is 0 or 1 changes a row estimate), and better-sqlite3 clears a
 * statement's bindings after every call, which for such a statement means it is parsed and
 * planned again on its next call. Measured under the
 * throughput bench: 3,047 re-prepares in 27,463 statement steps, 7% of the node's main thread; a
 * lookup as plain as `jobs JOIN inboxes WHERE j.id = ?` was re-prepared on every call.
 *
 * Written `= +?` (`LIMIT +?`), the parameter is an expression whose value SQLite does not look at when planning
 * (unary plus changes no value: not a string's, not a blob's), and the statement keeps its plan.
 * The plan is the same for every value here: no table holds statistics (ANALYZE is never run).
 * Limits are mostly written into the SQL (limited-statements.ts, which the lint asks for); the
 * removal's slices, whose limit changes nearly every time, bind theirs and are covered here.
 */
export function stablePlanSql(sql: string): string {
  return sql.replace(/(=|\bIS|\bLIMIT|\bOFFSET)(\s*)(\?\d*|[@:$][A-Za-z_]\w*)/gi, '$1$2+$3')
}

/** Makes every statement `db` prepares from now on keep its plan (see stablePlanSql). */
export function keepPlans<T extends Database.Database>(db: T): T {
  const prepare = db.prepare.bind(db) as (sql: string, ...rest: unknown[]) => Database.Statement
  db.prepare = ((sql: string, ...rest: unknown[]) => prepare(stablePlanSql(sql), ...rest)) as T['prepare']
  return db
}
