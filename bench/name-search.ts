/**
 * The library's name search (find_vector_fs_entries) over 100,000 entries: 100 folders, each with a
 * `reports` folder of ten years of 99 files. Each query's median and slowest of 20 runs, through the
 * tree's own search (no HTTP). `npx tsx bench/name-search.ts`.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openStore } from '../src/main/store'
import { aesFileSecretBox } from '../src/main/store/secret-box'
import { ROOT_ID, treeRepo } from '../src/main/vector-fs/tree'
import { typedPath } from '../src/main/vector-fs/path-search'
import { foldName, nameSearchWords } from '../src/shared/contract/vector-fs-names'

const dir = mkdtempSync(join(tmpdir(), 'name-search-'))
const store = openStore(dir, aesFileSecretBox(join(dir, 'secret.key')))
const tree = treeRepo(store.db)
const now = new Date().toISOString()
store.db.transaction(() => {
  for (let d = 0; d < 100; d++) {
    const dept = tree.insertFolder(ROOT_ID, `dept ${String(d).padStart(2, '0')}`, now)
    const reports = tree.insertFolder(dept, 'reports', now)
    for (let y = 2015; y <= 2024; y++) {
      const year = tree.insertFolder(reports, String(y), now)
      for (let f = 1; f <= 99; f++)
        tree.insertFile({
          parentId: year,
          name: `note ${d}-${y}-${String(f).padStart(3, '0')}.txt`,
          sha256: 'x'.repeat(64),
          size: 10,
          fileType: 'txt',
          status: 'ready',
          createdTime: now,
          modifiedTime: now,
          resourceJson: null
        })
    }
  }
})()
const entries = (store.db.prepare('SELECT count(*) AS n FROM vfs_entries').get() as { n: number }).n
/** What the node answered before typed paths were searched: every word in the entry's own name. */
const before = (q: string) => tree.findByName(nameSearchWords(q), undefined, 50)
const after = (q: string) => tree.find(nameSearchWords(q), typedPath(foldName(q)), undefined, 50)

/** Median and slowest of 20 runs of each, taken in turn (the machine's load weighs on both alike). */
function measure(q: string) {
  const times = { before: [] as number[], after: [] as number[] }
  const found = { before: 0, after: 0 }
  for (let i = 0; i < 20; i++)
    for (const [name, run] of [
      ['before', before],
      ['after', after]
    ] as const) {
      const t = performance.now()
      found[name] = run(q).length
      times[name].push(performance.now() - t)
    }
  const text = (name: 'before' | 'after') => {
    const t = times[name].sort((a, b) => a - b)
    return `${String(found[name]).padStart(3)} found, median ${t[10]!.toFixed(1).padStart(6)} ms, slowest ${t[19]!.toFixed(1).padStart(6)} ms`
  }
  console.log(`${JSON.stringify(q).padEnd(24)} before: ${text('before')}   after: ${text('after')}`)
}

console.log(`${entries} entries`)
for (const q of ['reports', 'note 7-2019', 'reports/2024', 'dept 07/reports/2024/', '/2024', 'ports/20', 'reports/2024/note 7']) measure(q)
store.close()
rmSync(dir, { recursive: true, force: true })
