import { describe, expect, it } from 'vitest'
import { droppedName, pickedFoldersName } from '../../src/renderer/src/features/files/folder-making'

describe('the name of folders picked or dropped together (their upload row, a cancel’s notice)', () => {
  it('names them, as a sentence does; past three, the first two and how many more', () => {
    expect(pickedFoldersName(['Reports'])).toBe('Reports')
    expect(pickedFoldersName(['Reports', 'Letters'])).toBe('Reports and Letters')
    expect(pickedFoldersName(['Reports', 'Letters', 'Minutes'])).toBe('Reports, Letters, and Minutes')
    expect(pickedFoldersName(['Reports', 'Letters', 'Minutes', 'Archive', 'Photos'])).toBe('Reports, Letters, and 3 more')
  })

  it('names the files dropped beside the folders after them, and says whose files are uploaded', () => {
    expect(droppedName(['Reports'], [])).toEqual({ name: 'Reports', whose: 'its files' })
    expect(droppedName(['Reports', 'Letters'], [])).toEqual({ name: 'Reports and Letters', whose: 'their files' })
    expect(droppedName(['Reports'], ['minutes.txt'])).toEqual({ name: 'Reports and minutes.txt', whose: 'the files' })
    expect(droppedName(['Reports', 'Letters'], ['a.txt', 'b.txt'])).toEqual({ name: 'Reports, Letters, and 2 more', whose: 'the files' })
  })
})
