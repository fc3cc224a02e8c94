import { describe, expect, it } from 'vitest'
import { emptyScope } from '../../src/shared/contract/scope'
import { draftLosses } from '../../src/renderer/src/features/jobs/draft-losses'
import { selectionCountText, unselectAllTitle } from '../../src/renderer/src/features/jobs/scope-counts'

const item = (i: number) => ({
  name: `f${i}.txt`,
  path: { path_ids: [`f${i}.txt`] },
  source: { Standard: { FileRef: { file_name: `f${i}.txt`, file_type: { Document: 'Txt' }, text_chunking_strategy: 'V1' } } }
})
const scopeOf = (folders: number, files: number) => ({
  ...emptyScope(),
  vector_fs_folders: Array.from({ length: folders }, (_, i) => ({ name: `d${i}`, path: { path_ids: [`d${i}`] } })),
  vector_fs_items: Array.from({ length: files }, (_, i) => item(i))
})

/*
 * A scope of thousands of entries: New job's "will be discarded" sentence said "2001 entries" and the
 * picker "2000 files selected", where the job's details and every other count of the
 * window say "2,001".
 */
describe('counts of a scope, grouped as the window’s other counts are', () => {
  it('the picker’s selection count', () => {
    expect(selectionCountText(scopeOf(1, 2000))).toBe('1 folder and 2,000 files selected')
    expect(selectionCountText(scopeOf(0, 1))).toBe('1 file selected')
  })
  it('what clearing New job would discard', () => {
    expect(draftLosses({ scope: scopeOf(1, 2000), sheet: '', hidden: false })).toEqual(['the scope (2,001 entries)'])
    expect(draftLosses({ scope: scopeOf(0, 1), sheet: '', hidden: false })).toEqual(['the scope (1 entry)'])
  })
})

/*
 * Unselect all's question said "Unselect all 3 folders and files?" for three files, and counted an
 * entry gone from the library as one of them: it names what is selected, and the missing apart.
 */
describe('Unselect all’s question', () => {
  it('names the kinds selected, grouped, and the missing entries apart', () => {
    expect(unselectAllTitle(scopeOf(0, 3))).toBe('Unselect 3 files?')
    expect(unselectAllTitle(scopeOf(1, 1))).toBe('Unselect 1 folder and 1 file?')
    expect(unselectAllTitle(scopeOf(2, 2000))).toBe('Unselect 2 folders and 2,000 files?')
    expect(unselectAllTitle(scopeOf(1, 2), [{ section: 'vector_fs_items' }])).toBe('Unselect 1 folder, 1 file and 1 missing entry?')
    expect(unselectAllTitle(scopeOf(0, 2), [{ section: 'vector_fs_items' }, { section: 'vector_fs_items' }])).toBe(
      'Unselect 2 missing entries?'
    )
  })
})
