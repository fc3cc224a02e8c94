import type { TreeEntry, TreeLine } from './tree-lines'

/** What a key pressed on a tree's row does (the WAI-ARIA tree view pattern), or null: the key is not the tree's. */
export type TreeKeyAction =
  | { readonly kind: 'focus'; readonly index: number }
  /** Opens (Right) or closes (Left) the folder of the current row. */
  | { readonly kind: 'toggle' }
  /** Enter or Space: the row's own action (open a file, check an entry...). */
  | { readonly kind: 'act'; readonly key: 'Enter' | ' ' }
  /** The row's menu (the context menu key, or Shift+F10). */
  | { readonly kind: 'menu' }
  /** A printable character: type-ahead to the next row whose name starts with what was typed. */
  | { readonly kind: 'type'; readonly char: string }

export interface PressedKey {
  readonly key: string
  readonly shiftKey?: boolean
  readonly ctrlKey?: boolean
  readonly altKey?: boolean
  readonly metaKey?: boolean
}

/**
 * The action of `pressed` on the row at `current` of `lines`; `page` is how many rows a screen
 * shows (PageUp/PageDown). Moves are clamped to the list; none leaves it.
 */
export function treeKeyAction<E extends TreeEntry>(
  lines: readonly TreeLine<E>[],
  current: number,
  pressed: PressedKey,
  page: number
): TreeKeyAction | null {
  const { key } = pressed
  const last = lines.length - 1
  const to = (index: number): TreeKeyAction => ({ kind: 'focus', index: Math.max(0, Math.min(last, index)) })
  if (pressed.altKey || pressed.metaKey || (pressed.ctrlKey && key !== 'Home' && key !== 'End')) return null
  if (key === 'ContextMenu' || (key === 'F10' && pressed.shiftKey)) return { kind: 'menu' }
  switch (key) {
    case 'ArrowDown':
      return to(current + 1)
    case 'ArrowUp':
      return to(current - 1)
    case 'PageDown':
      return to(current + page)
    case 'PageUp':
      return to(current - page)
    case 'Home':
      return to(0)
    case 'End':
      return to(last)
  }
  const line = lines[current]
  if (!line) return null
  if (line.kind === 'note') {
    // A note stands for an open folder's children: Left goes back up to that folder, as from a child.
    const folder = lines.findIndex((l) => l.key === line.folder)
    return key === 'ArrowLeft' && folder >= 0 ? to(folder) : null
  }
  if (key === 'ArrowRight') {
    if (!line.entry.is_directory) return null
    if (!line.open) return { kind: 'toggle' }
    const next = lines[current + 1]
    // Into the folder: its first child, or the note standing for its children.
    return next && (next.kind === 'note' ? next.folder === line.key : next.parentKey === line.key) ? to(current + 1) : null
  }
  if (key === 'ArrowLeft') {
    if (line.entry.is_directory && line.open) return { kind: 'toggle' }
    const parent = line.parentKey === undefined ? -1 : lines.findIndex((l) => l.key === line.parentKey)
    return parent >= 0 ? to(parent) : null
  }
  if (key === 'Enter' || key === ' ') return { kind: 'act', key }
  if (key.length === 1 && key.trim() !== '') return { kind: 'type', char: key }
  return null
}

/**
 * A name or typed text as type-ahead compares them: in lower case and composed (NFC). A name from a
 * Mac's file system is often stored decomposed ("Re\u0301sume\u0301"), what a keyboard types composed
 * ("ré"): the two look the same, and the node takes them for one name.
 */
const typeAheadForm = (text: string) => text.toLocaleLowerCase().normalize('NFC')

/**
 * The row type-ahead lands on: the first entry after `current` (going round) whose name starts with
 * `typed`, ignoring case and Unicode form; a run of one repeated letter steps through the names
 * starting with it. -1 when no name matches.
 */
export function typeAheadMatch<E extends TreeEntry>(lines: readonly TreeLine<E>[], current: number, typed: string): number {
  const text = typeAheadForm(typed)
  const repeated = text.length > 1 && [...text].every((c) => c === text[0])
  const prefix = repeated ? text[0]! : text
  // A longer prefix may still match the current row; a new or repeated letter looks from the next one.
  const start = text.length > 1 && !repeated ? current : current + 1
  for (let step = 0; step < lines.length; step++) {
    const i = (start + step) % lines.length
    const line = lines[i]!
    if (line.kind === 'entry' && typeAheadForm(line.entry.name).startsWith(prefix)) return i
  }
  return -1
}
