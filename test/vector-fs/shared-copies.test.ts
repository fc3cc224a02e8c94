import { readFile } from 'node:fs/promises'
import { afterEach, describe, expect, it } from 'vitest'
import { FileBody } from '../../src/main/node-api/file-body'
import { useTestNode } from '../support/node'

/*
 * Files with the same bytes share one stored copy. Requests running at the same time must never
 * leave a file without its copy (its download then fails: the bytes are lost).
 */

const node = useTestNode()
afterEach(async () => {})

const bytes = new TextEncoder().encode('The same report, uploaded again under another name.')
const upload = (path: string, filename: string) => node.post('/v2/upload_file_to_folder', { path, filename, file_data: bytes })

async function downloaded(path: string): Promise<string> {
  const res = await node.get('/v2/download_file', { path })
  expect(res.status).toBe(200)
  return new TextDecoder().decode(res.body instanceof FileBody ? await readFile(res.body.file) : (res.body as Uint8Array))
}

describe('shared copies of the same bytes', () => {
  it('a file deleted while the same bytes are uploaded under another name: the new file keeps its bytes', async () => {
    for (let i = 0; i < 20; i++) {
      expect((await upload('/', `old-${i}.txt`)).status).toBe(200)
      const [deleted, uploaded] = await Promise.all([node.post('/v2/delete_item', { path: `/old-${i}.txt` }), upload('/', `new-${i}.txt`)])
      expect([deleted.status, uploaded.status]).toEqual([200, 200])
      expect(await downloaded(`/new-${i}.txt`)).toBe(new TextDecoder().decode(bytes))
      expect((await node.post('/v2/delete_item', { path: `/new-${i}.txt` })).status).toBe(200)
    }
  })

  it('an upload refused at the last moment (its folder deleted meanwhile) leaves the copy of a file stored at the same time', async () => {
    for (let i = 0; i < 20; i++) {
      expect((await node.post('/v2/create_folder', { path: '/', folder_name: `Inbox ${i}` })).status).toBe(200)
      const [refused, kept, deleted] = await Promise.all([
        upload(`/Inbox ${i}`, 'scan.txt'),
        upload('/', `kept-${i}.txt`),
        node.post('/v2/delete_folder', { path: `/Inbox ${i}` })
      ])
      expect(kept.status).toBe(200)
      expect(deleted.status).toBe(200)
      expect([200, 404]).toContain(refused.status)
      expect(await downloaded(`/kept-${i}.txt`)).toBe(new TextDecoder().decode(bytes))
      expect((await node.post('/v2/delete_item', { path: `/kept-${i}.txt` })).status).toBe(200)
    }
  })
})
