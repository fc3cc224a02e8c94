import { describe, expect, it } from 'vitest'
import { pickedFoldersName } from '../../src/renderer/src/features/files/folder-making'

describe('the name of folders picked or dropped together (their upload row, a cancel’s notice)', () => {
  it('names them, as a sentence does; past three, the first two and how many more', () => {
    expect(pickedFoldersName(['Reports'])).toBe('Reports')
    expect(pickedFoldersName(['Reports', 'Letters'])).toBe('Reports and Letters')
    expect(pickedFoldersName(['Reports', 'Letters', 'Minutes'])).toBe('Reports, Letters, and Minutes')
    expect(pickedFoldersName(['Reports', 'Letters', 'Minutes', 'Archive', 'Photos'])).toBe('Reports, Letters, and 3 more')
  })
})
