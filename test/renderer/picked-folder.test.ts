import { describe, expect, it } from 'vitest'
import { treeOfPicked } from '../../src/renderer/src/features/files/dropped-folders'

/** A File as the folder chooser hands it over: its path under the picked folder's parent in webkitRelativePath. */
const picked = (relativePath: string) => {
  const file = new File(['x'], relativePath.split('/').at(-1)!)
  Object.defineProperty(file, 'webkitRelativePath', { value: relativePath })
  return file
}

describe('a folder picked with Upload folder, as library folders and files', () => {
  it('makes each folder once, a parent before its subfolders, and puts every file in its own folder under the target', () => {
    const files = ['Reports/2024/Q1/budget.pdf', 'Reports/readme.txt', 'Reports/2024/summary.docx', 'Reports/Letters/mayor.docx'].map(
      picked
    )
    const tree = treeOfPicked(files, '/Archive')
    expect(tree.folders).toEqual(['/Archive/Reports', '/Archive/Reports/2024', '/Archive/Reports/2024/Q1', '/Archive/Reports/Letters'])
    expect(tree.files.map((f) => [f.folder, f.file.name])).toEqual([
      ['/Archive/Reports/2024/Q1', 'budget.pdf'],
      ['/Archive/Reports', 'readme.txt'],
      ['/Archive/Reports/2024', 'summary.docx'],
      ['/Archive/Reports/Letters', 'mayor.docx']
    ])
    // Each file once.
    expect(tree.files.map((f) => f.file)).toEqual(files)
  })

  it('under the top folder, the folder goes at the top; a file without a path (no folder) goes into the target', () => {
    expect(treeOfPicked([picked('Notes/a.txt')], '/').folders).toEqual(['/Notes'])
    const loose = new File(['x'], 'loose.txt')
    expect(treeOfPicked([loose], '/Inbox')).toEqual({ folders: [], files: [{ folder: '/Inbox', file: loose }] })
  })
})
