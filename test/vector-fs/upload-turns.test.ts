import { expect, it } from 'vitest'
import { ROOT_ID } from '../../src/main/vector-fs/tree'
import { UPLOAD_BYTES_AT_ONCE, uploadGate } from '../../src/main/vector-fs/upload-gate'
import type { FileInfo } from '../../src/shared/contract/vector-fs'
import { largeText } from '../support/large-text'
import { useTestNode, useUploadServer } from '../support/node'

/*
 * Uploads at once had no limit, and each takes several times its size in memory while it is read,
 * cut into passages and stored: four 50 MB text uploads at once took the node past 900 MB. Past a
 * budget of bytes (64 MiB by default, 3 MB here), an upload waits for its turn with its file on disk,
 * first come first served, and is answered as usual once stored.
 */

const MB = 1024 * 1024
const node = useTestNode({ vectorFs: { uploadBytesAtOnce: 3 * MB } })
const http = useUploadServer(node, 'tok', 64 * MB)

/** Files whose passages are being stored now (their rows lie in the staging folder until the last one is in). */
const beingStored = () =>
  node.store.db
    .prepare<[], number>(
      `SELECT count(*) FROM vfs_entries WHERE parent_id = (SELECT id FROM vfs_entries WHERE parent_id IS NULL AND id <> ${ROOT_ID})`
    )
    .pluck()
    .get()!

it(
  'uploads past the budget are stored one after another, each answered 200; a refused one gives its turn back',
  { timeout: 120_000 },
  async () => {
    expect(UPLOAD_BYTES_AT_ONCE).toBe(64 * MB)
    const text = largeText(2)
    let most = 0
    const sampler = setInterval(() => (most = Math.max(most, beingStored())), 2)
    try {
      const answers = await Promise.all([
        http.upload('/', 'a.txt', text + 'a'),
        http.upload('/', 'bad.txt', new Uint8Array([104, 105, 0, 1, 2])),
        http.upload('/', 'b.txt', text + 'b'),
        http.upload('/', 'c.txt', text + 'c'),
        http.upload('/', 'd.txt', text + 'd')
      ])
      expect(answers.map((a) => a.status)).toEqual([200, 400, 200, 200, 200])
    } finally {
      clearInterval(sampler)
    }
    expect(most, 'files stored at the same time').toBe(1)
    const listed = (await node.get('/v2/retrieve_path_simplified', { path: '/' })).body as FileInfo[]
    expect(listed.map((f) => f.name).sort()).toEqual(['a.txt', 'b.txt', 'c.txt', 'd.txt'])
    expect(listed.every((f) => f.status === 'ready')).toBe(true)
    const found = await node.post('/v2/search_items', { search: 'zanzibar archive' })
    expect((found.body as unknown[]).length).toBe(4)
  }
)

it('the gate lets uploads go first come first served, several at once while they fit', async () => {
  const gate = uploadGate(10)
  const order: string[] = []
  const leaveA = await gate.enter(4)
  const leaveB = await gate.enter(4) // 8 of 10: both at once
  const c = gate.enter(4).then((leave) => (order.push('c'), leave))
  const d = gate.enter(1).then((leave) => (order.push('d'), leave)) // would fit, but waits behind c
  await new Promise((r) => setTimeout(r, 10))
  expect(order).toEqual([])
  expect(gate.waiting).toBe(2)
  leaveA()
  const leaveC = await c
  const leaveD = await d
  expect(order).toEqual(['c', 'd'])
  // One larger than the whole budget goes alone, once nothing else is stored.
  const big = gate.enter(50).then((leave) => (order.push('big'), leave))
  leaveB()
  leaveC()
  leaveD()
  leaveD() // leaving twice gives back once
  ;(await big)()
  expect(order).toEqual(['c', 'd', 'big'])
  expect(gate.waiting).toBe(0)
})
