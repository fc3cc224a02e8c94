import { describe, expect, it } from 'vitest'
import { mergeConfigEdit, mergeScopeEdit } from '../../src/renderer/src/features/jobs/merge-edits'
import { DEFAULT_JOB_CONFIG } from '../../src/shared/contract/job'
import { emptyScope } from '../../src/shared/contract/scope'

const folder = (name: string) => ({ name, path: { path_ids: [name] } })

describe('mergeConfigEdit', () => {
  it('keeps what another window saved meanwhile, and applies only the fields this dialog changed', () => {
    const base = DEFAULT_JOB_CONFIG
    const edited = { ...base, custom_prompt: 'Be terse.' }
    const latest = { ...base, temperature: 1.5, extra: 'kept' }
    expect(mergeConfigEdit(base, edited, latest)).toEqual({ ...base, custom_prompt: 'Be terse.', temperature: 1.5, extra: 'kept' })
  })
  it('the same field changed in both: this dialog, saved last, wins', () => {
    const base = DEFAULT_JOB_CONFIG
    expect(mergeConfigEdit(base, { ...base, top_k: 5 }, { ...base, top_k: 7 }).top_k).toBe(5)
  })
})

describe('mergeScopeEdit', () => {
  it('keeps entries another window added or removed, with this dialog’s additions and removals', () => {
    const base = { ...emptyScope(), vector_fs_folders: [folder('A'), folder('B')] }
    const edited = { ...base, vector_fs_folders: [folder('A'), folder('C')] } // removed B, added C
    const latest = { ...base, vector_fs_folders: [folder('A'), folder('B'), folder('D')] } // elsewhere: added D
    expect(mergeScopeEdit(base, edited, latest).vector_fs_folders).toEqual([folder('A'), folder('D'), folder('C')])
    const removedElsewhere = { ...base, vector_fs_folders: [folder('B')] } // elsewhere: removed A
    expect(mergeScopeEdit(base, edited, removedElsewhere).vector_fs_folders).toEqual([folder('C')])
  })
  it('an entry both added is kept once', () => {
    const base = emptyScope()
    const edited = { ...base, vector_fs_folders: [folder('A')] }
    expect(mergeScopeEdit(base, edited, edited).vector_fs_folders).toEqual([folder('A')])
  })
})
