import type { JobScope } from '../../../../shared/contract/scope'
import { countText } from '../../app/count-format'
import type { MissingEntry } from './vfs-selection'

const counted = (n: number, one: string, many: string) => `${countText(n)} ${n === 1 ? one : many}`

/** The folders and files of `scope` the library still holds (`missing` are those gone from it). */
function stillThere(scope: Pick<JobScope, 'vector_fs_folders' | 'vector_fs_items'>, missing: readonly Pick<MissingEntry, 'section'>[]) {
  const goneFolders = missing.filter((m) => m.section === 'vector_fs_folders').length
  return {
    folders: Math.max(0, scope.vector_fs_folders.length - goneFolders),
    files: Math.max(0, scope.vector_fs_items.length - (missing.length - goneFolders))
  }
}

/**
 * The picker's count of what is selected and still in the library, then the entries gone from it
 * (listed below the tree, not ticked in it): "1 file selected, 1 missing", "1 folder and 2,000 files
 * selected". A deleted file was counted as selected: "2 files selected" with one ticked.
 */
export function selectionCountText(
  scope: Pick<JobScope, 'vector_fs_folders' | 'vector_fs_items'>,
  missing: readonly Pick<MissingEntry, 'section'>[] = []
): string {
  const { folders, files } = stillThere(scope, missing)
  const parts = [...(folders > 0 ? [counted(folders, 'folder', 'folders')] : []), ...(files > 0 ? [counted(files, 'file', 'files')] : [])]
  const selected = parts.length > 0 ? `${parts.join(' and ')} selected` : 'Nothing selected'
  return missing.length > 0 ? `${selected}, ${countText(missing.length)} missing` : selected
}

/**
 * What Unselect all would take out, the missing entries said apart (they are not ticked in the tree):
 * "Unselect 1 folder and 1 file?", "Unselect 2 files and 1 missing entry?". It said "Unselect all 3
 * folders and files?" whatever the mix, missing ones counted as files.
 */
export function unselectAllTitle(
  scope: Pick<JobScope, 'vector_fs_folders' | 'vector_fs_items'>,
  missing: readonly Pick<MissingEntry, 'section'>[] = []
): string {
  const { folders, files } = stillThere(scope, missing)
  const parts = [
    ...(folders > 0 ? [counted(folders, 'folder', 'folders')] : []),
    ...(files > 0 ? [counted(files, 'file', 'files')] : []),
    ...(missing.length > 0 ? [counted(missing.length, 'missing entry', 'missing entries')] : [])
  ]
  const listed = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}` : (parts[0] ?? 'nothing')
  return `Unselect ${listed}?`
}

/**
 * A whole scope's count where its entries are listed together, the missing ones marked among them
 * (the job's details, New job's heading, what Clear discards): "2 entries, 1 of them missing".
 */
export function scopeCountText(total: number, missing: number): string {
  const all = counted(total, 'entry', 'entries')
  if (missing <= 0) return all
  if (missing < total) return `${all}, ${countText(missing)} of them missing`
  return total === 1 ? `${all}, missing` : total === 2 ? `${all}, both missing` : `${all}, all missing`
}
