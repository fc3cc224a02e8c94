import { describe, expect, it } from 'vitest'
import { scopeTree } from '../../src/renderer/src/features/inboxes/scope-tree'
import { emptyScope, type JobScope } from '../../src/shared/contract/scope'

const leaves = (scope: JobScope, section: string) =>
  scopeTree(scope)
    .find((b) => b.value === section)!
    .children!.map((c) => c.label)

describe("the inbox's scope panel", () => {
  it('names each library entry once, with the folder it is in (a file at the top read "handbook.md — handbook.md")', () => {
    const scope: JobScope = {
      ...emptyScope(),
      vector_fs_items: [
        { name: 'handbook.md', path: { path_ids: ['handbook.md'] } },
        { name: 'Q3 report.pdf', path: { path_ids: ['My Files', 'Reports', 'Q3 report.pdf'] } }
      ] as JobScope['vector_fs_items'],
      vector_fs_folders: [{ name: 'Contracts', path: { path_ids: ['My Files', 'Contracts'] } }] as JobScope['vector_fs_folders']
    }
    expect(leaves(scope, 'vector_fs_items')).toEqual(['handbook.md', 'Q3 report.pdf — in My Files › Reports'])
    expect(leaves(scope, 'vector_fs_folders')).toEqual(['Contracts — in My Files'])
  })

  it('writes its counts as the rest of the window does ("Library files (5,000)", not 5000 beside "5,000 entries")', () => {
    const items = Array.from({ length: 5000 }, (_, i) => ({ name: `f${i}.txt`, path: { path_ids: ['Docs', `f${i}.txt`] } }))
    const [branch] = scopeTree({ ...emptyScope(), vector_fs_items: items as JobScope['vector_fs_items'] })
    expect(branch!.label).toBe('Library files (5,000)')
    expect(branch!.children!.at(-1)!.label).toBe('Show 100 more (4,900 not shown)')
  })
})
