import { expect, it } from 'vitest'
import type { FileInfo, SearchResult } from '../../src/shared/contract/vector-fs'
import { storedCopies, useTestNode, useUploadServer } from '../support/node'

/*
 * Uploads that replace a file of the same name, sent at once (a folder uploaded again from two
 * windows, a script retrying), with the file also deleted or moved meanwhile. Once an upload had
 * placed its file it removed the copies it replaced, and only then described the file: by then another
 * upload could have replaced it, or a delete removed it, and the upload answered 500 (TypeError)
 * though its file had been stored. Over the node's real HTTP server.
 */

const TOKEN = 'replace-race-token'
const node = useTestNode()
const http = useUploadServer(node, TOKEN, 4 * 1024 * 1024)

async function post(path: string, body: unknown) {
  const res = await fetch(`${http.server.url}${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body)
  })
  return { status: res.status, body: await res.json() }
}

it('replacing uploads at once, with the file deleted and moved meanwhile, each answer the file they stored', async () => {
  expect((await post('/v2/create_folder', { path: '/', folder_name: 'Reports' })).status).toBe(200)
  const answers: { status: number; body: FileInfo & { message?: string } }[] = []
  let stop = false
  // Deletes and renames of the file, as fast as the node takes them, while the uploads go on.
  const churn = (async () => {
    while (!stop) {
      await post('/v2/delete_item', { path: '/Reports/q3.txt' })
      await post('/v2/move_item', { origin_path: '/Reports/q3.txt', destination_path: '/Reports/q3-old.txt' })
      await post('/v2/delete_item', { path: '/Reports/q3-old.txt' })
    }
  })()
  try {
    for (let round = 0; round < 40; round++) {
      const sent = [0, 1, 2].map((i) =>
        http.upload('/Reports', 'q3.txt', `Quarter three, draft ${round}-${i}: revenue grew.`, { replace: 'true' })
      )
      answers.push(...(await Promise.all(sent)))
    }
  } finally {
    stop = true
    await churn
  }
  // Each one stored its file (replacing or replaced by the others): none fails.
  expect(answers.filter((a) => a.status !== 200).map((a) => `${a.status} ${a.body.message}`)).toEqual([])
  for (const a of answers) expect(a.body).toMatchObject({ name: 'q3.txt', path: '/Reports/q3.txt', is_directory: false })
  // What is left is consistent: at most the file last placed, searchable, and its bytes alone on disk.
  const listed = (await (
    await fetch(`${http.server.url}/v2/retrieve_path_simplified?path=%2FReports`, { headers: { Authorization: `Bearer ${TOKEN}` } })
  ).json()) as FileInfo[]
  const found = (await post('/v2/search_items', { search: 'quarter revenue', max_results: 100 })).body as SearchResult[]
  expect(found.map((r) => r.path).sort()).toEqual(listed.map((f) => f.path).sort())
  expect(storedCopies(node)).toHaveLength(listed.length)
})
