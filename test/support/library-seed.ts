import type { Db } from '../../src/main/store/db'
import { passageIndex } from '../../src/main/vector-fs/passage-index'
import { ROOT_ID, treeRepo } from '../../src/main/vector-fs/tree'

/**
 * A file of the library at the top folder holding `texts` as its passages (keywords alone, no
 * embeddings), stored by the library's own modules in one transaction: an upload of thousands of
 * passages would take seconds. Returns the file's item id.
 */
export function seedLibraryFile(db: Db, name: string, texts: readonly string[]): number {
  const tree = treeRepo(db)
  const passages = passageIndex(db)
  return db.transaction(() => {
    const id = tree.insertFile({
      parentId: ROOT_ID,
      name,
      sha256: `seed-${name}`,
      size: 0,
      fileType: 'txt',
      status: 'ready',
      createdTime: '2025-01-01T00:00:00.000Z',
      modifiedTime: '2025-01-01T00:00:00.000Z',
      resourceJson: null
    })
    passages.insert(
      id,
      texts.map((text, i) => ({ nodeId: String(i + 1), text })),
      false
    )
    return id
  })()
}
