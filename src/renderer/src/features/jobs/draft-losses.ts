import type { JobScope } from '../../../../shared/contract/scope'
import { countText } from '../../app/count-format'
import { scopeCount } from './scope-entries'

/** What clearing the new job's form throws away, as a sentence names it; empty when nothing would be lost. */
export function draftLosses(draft: { readonly scope: JobScope; readonly sheet: string; readonly hidden: boolean }): string[] {
  const lost: string[] = []
  const n = scopeCount(draft.scope)
  if (n > 0) lost.push(`the scope (${countText(n)} ${n === 1 ? 'entry' : 'entries'})`)
  if (draft.sheet.trim()) lost.push(`the sheet association “${draft.sheet.trim()}”`)
  if (draft.hidden) lost.push('the “Hidden job” setting')
  return lost
}

/** "a", "a and b", "a, b and c". */
export function listed(parts: readonly string[]): string {
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`
}
