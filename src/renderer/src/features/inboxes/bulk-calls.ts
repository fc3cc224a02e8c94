import { ApiFailure, type Client } from '../../api/client'
import { countText } from '../../app/count-format'

/** The most job ids one remove_jobs call takes (the contract's limit). */
export const REMOVE_JOBS_MAX = 1000

export interface RemoveOutcome {
  /** Jobs this call removed. */
  readonly removed: number
  /** Jobs that were gone already (removed elsewhere meanwhile): what the operator asked for, without a call. */
  readonly alreadyGone: number
  /** Stopped by the operator before every part was sent: the jobs not sent are as they were. */
  readonly stopped: boolean
}

/** The job a remove_jobs 404 names ("job_ids: no job with id '…'"). */
function unknownJobOf(err: unknown): string | undefined {
  if (!(err instanceof ApiFailure) || err.status !== 404) return undefined
  return /no job with id '([^']*)'/.exec(err.message)?.[1]
}

/**
 * Removes the jobs, REMOVE_JOBS_MAX a call. Each call is all or nothing, so one job removed
 * elsewhere since the operator selected it would fail its whole part: it is left out and the rest
 * sent again, as often as the node names such a job. Rejects with the first other failure;
 * `onProgress` has counted the parts removed before it. `stop` is asked before each part: a delete of
 * 100,000 is 100 calls, a minute or more, and the part under way when it is asked is finished.
 */
export async function removeJobs(
  client: Client,
  jobIds: readonly string[],
  onProgress: (removed: number) => void = () => {},
  stop: () => boolean = () => false
): Promise<RemoveOutcome> {
  let removed = 0
  let alreadyGone = 0
  for (let i = 0; i < jobIds.length; i += REMOVE_JOBS_MAX) {
    if (stop()) return { removed, alreadyGone, stopped: true }
    let part = jobIds.slice(i, i + REMOVE_JOBS_MAX)
    while (part.length) {
      try {
        const answer = await client.call('remove_jobs', { body: { job_ids: part } })
        removed += answer.removed
        onProgress(removed)
        break
      } catch (err) {
        const gone = unknownJobOf(err)
        if (gone === undefined || !part.includes(gone)) throw err
        part = part.filter((id) => id !== gone)
        alreadyGone++
      }
    }
  }
  return { removed, alreadyGone, stopped: false }
}

/**
 * The most inboxes one bulk pin, hide or unhide takes: the node has no batch call for them, one call
 * each, with no end in view at 100,000 (minutes, nothing said meanwhile). The contract's batch size.
 */
export const EACH_MAX = REMOVE_JOBS_MAX

/** Said when a bulk pin, hide or unhide is asked for more than EACH_MAX inboxes: nothing is done. */
export const tooManyEachText = (verb: string, n: number) =>
  `${verb} goes one inbox at a time, at most ${countText(EACH_MAX)} at once; ${countText(n)} are selected. Narrow the selection (a search, or Shift with the arrows) and do it in parts.`

/** How a call on many rows went: the rows it changed, those gone meanwhile, and the first other failure. */
export interface EachOutcome<T = unknown> {
  readonly done: number
  readonly gone: number
  readonly failed: number
  readonly firstError?: unknown
  /** The items whose call failed (not those gone): nothing of theirs changed. */
  readonly notChanged: readonly T[]
}

/**
 * Calls `call` for each item in turn (pin, hide: one call per inbox) and tells how it went as one
 * outcome, so a bulk action on 300 rows shows one notice, not 300. A 404 (the inbox was removed
 * meanwhile) is counted apart: there is nothing left to change.
 */
export async function callEach<T>(items: readonly T[], call: (item: T) => Promise<unknown>): Promise<EachOutcome<T>> {
  let done = 0
  let gone = 0
  let firstError: unknown
  const notChanged: T[] = []
  for (const item of items) {
    try {
      await call(item)
      done++
    } catch (err) {
      if (err instanceof ApiFailure && err.status === 404) gone++
      else {
        notChanged.push(item)
        firstError ??= err
      }
    }
  }
  const failed = notChanged.length
  return { done, gone, failed, notChanged, ...(failed ? { firstError } : {}) }
}
