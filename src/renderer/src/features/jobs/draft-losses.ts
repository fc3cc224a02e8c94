import type { JobScope } from '../../../../shared/contract/scope'
import { scopeCount } from './scope-entries'
import { scopeCountText } from './scope-counts'
import { typedField, type NetworkTyping } from './network-typing'

/**
 * What clearing the new job's form throws away, as a sentence names it; empty when nothing would be lost.
 * `missing`: how many of the scope's entries are gone from the library (said, as the picker says them).
 */
export function draftLosses(
  draft: { readonly scope: JobScope; readonly sheet: string; readonly hidden: boolean; readonly networkTyping?: NetworkTyping },
  missing = 0
): string[] {
  const lost: string[] = []
  const n = scopeCount(draft.scope)
  if (n > 0) lost.push(`the scope (${scopeCountText(n, missing)})`)
  if (draft.sheet.trim()) lost.push(`the sheet association “${draft.sheet.trim()}”`)
  if (draft.hidden) lost.push('the “Hidden job” setting')
  if (draft.networkTyping && typedField(draft.networkTyping)) lost.push('the network folder typed but not added')
  return lost
}

/** "a", "a and b", "a, b and c". */
export function listed(parts: readonly string[]): string {
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`
}
