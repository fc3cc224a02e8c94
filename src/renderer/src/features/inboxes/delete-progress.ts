import { countText } from '../../app/count-format'
import type { RemoveOutcome } from './bulk-calls'

/*
 * What a delete of many conversations says: while it goes (100 calls at 100,000, a minute or more, with
 * nothing shown between Confirm and the final notice before), and how it ended, with exactly how many
 * were deleted when it was stopped or failed midway.
 */

export const deletingText = (removed: number, total: number) => `Deleting ${countText(removed)} of ${countText(total)}…`

const plural = (n: number) => `conversation${n === 1 ? '' : 's'}`

/** The notice once the delete of `total` conversations is over (not failed). */
export function deletedText(outcome: RemoveOutcome, total: number): { readonly title?: string; readonly message: string } {
  const already = outcome.alreadyGone ? ` (${countText(outcome.alreadyGone)} had been deleted already)` : ''
  if (!outcome.stopped) return { message: `${countText(outcome.removed)} ${plural(outcome.removed)} deleted${already}` }
  const rest = total - outcome.removed - outcome.alreadyGone
  return {
    title: 'Delete stopped',
    message: `${countText(outcome.removed)} of ${countText(total)} ${plural(total)} deleted${already}; the other ${countText(rest)} were not.`
  }
}

/** The title of the notice when a delete failed midway, `removed` of `total` deleted before it. */
export const notDeletedTitle = (removed: number, total: number) =>
  removed ? `${countText(removed)} of ${countText(total)} deleted; the rest were not` : 'Not deleted'
