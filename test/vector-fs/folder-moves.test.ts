import { describe, expect, it } from 'vitest'
import { folderMoves, KEEP_CHANGES_MS, MAX_CHANGES } from '../../src/main/vector-fs/folder-moves'

/* Where a folder named by path at some time is now: the moves and removals made since, replayed. */

describe('folderMoves', () => {
  it('follows a folder through renames, moves of a folder above it and swaps of names; only changes made since count', () => {
    let t = 0
    const moves = folderMoves(() => t)
    t = 1
    moves.record(['old'], ['older']) // before the upload began: not replayed
    const since = 2
    t = 3
    moves.record(['a'], ['tmp'])
    moves.record(['b'], ['a'])
    moves.record(['tmp'], ['b'])
    moves.record(['docs'], ['archive', '2024'])
    expect(moves.follow(['a'], since)).toEqual({ kind: 'here', segments: ['b'] })
    expect(moves.follow(['b'], since)).toEqual({ kind: 'here', segments: ['a'] })
    expect(moves.follow(['docs', 'inner'], since)).toEqual({ kind: 'here', segments: ['archive', '2024', 'inner'] })
    // A folder beside or below the one moved keeps its path.
    expect(moves.follow(['docsx'], since)).toEqual({ kind: 'here', segments: ['docsx'] })
    expect(moves.follow(['old'], since)).toEqual({ kind: 'here', segments: ['old'] })
    t = 4
    moves.record(['archive'], null)
    expect(moves.follow(['docs', 'inner'], since)).toEqual({ kind: 'removed' })
    // Named after the removal: nothing to replay.
    expect(moves.follow(['docs', 'inner'], 5)).toEqual({ kind: 'here', segments: ['docs', 'inner'] })
  })

  it('keeps the changes of the last minutes, and no more than its cap whatever their age', () => {
    let t = 0
    const moves = folderMoves(() => t)
    moves.record(['a'], ['b'])
    t = KEEP_CHANGES_MS + 1
    moves.record(['x'], ['y'])
    // The first change is past keeping: an upload that old is long over.
    expect(moves.follow(['a'], 0)).toEqual({ kind: 'here', segments: ['a'] })
    for (let i = 0; i < MAX_CHANGES; i++) moves.record([`f${i}`], [`g${i}`])
    expect(moves.follow(['x'], 0)).toEqual({ kind: 'here', segments: ['x'] })
    expect(moves.follow([`f${MAX_CHANGES - 1}`], 0)).toEqual({ kind: 'here', segments: [`g${MAX_CHANGES - 1}`] })
  })
})
