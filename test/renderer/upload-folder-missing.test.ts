import { describe, expect, it } from 'vitest'
import { createClient, uploadFile } from '../../src/renderer/src/api/client'
import { UploadQueue } from '../../src/renderer/src/features/files/upload-queue'
import type { FileInfo } from '../../src/shared/contract/vector-fs'
import { useTestNode } from '../support/node'
import { routerTransport } from './render'

/*
 * Files uploading into a folder deleted meanwhile (from another window, or by another client): once the node
 * said the folder is missing, the files still queued for it were each sent whole all the same, to be refused the
 * same way. They now fail at once, kept for Retry; made again, the folder gets them all.
 */

const text = (name: string) => new File([`Text of ${name}.`], name, { type: 'text/plain' })

describe('files queued for a folder the node says is missing', () => {
  const node = useTestNode()

  it('fail without being sent, each with its sentence and Retry; Retry N failed sends them once the folder is back', async () => {
    const client = createClient(routerTransport(node.router))
    const sent: string[] = []
    const q = new UploadQueue((folder, file, onProgress, signal) => {
      sent.push(file.name)
      return uploadFile(client, { path: folder, filename: file.name, file_data: file }, onProgress, signal)
    }, 2)
    const names = Array.from({ length: 12 }, (_, i) => `f${i}.txt`)
    q.add('/Leases', names.map(text))
    q.add('/Leases/2024', [text('sub.txt')])
    q.add('/', [text('top.txt')])
    await q.idle()

    // The two sent at once were refused; the others for /Leases (and the folder in it) were not sent.
    expect(sent).toEqual(['f0.txt', 'f1.txt', 'top.txt'])
    const rows = q.snapshot()
    expect(rows.filter((r) => r.state.kind === 'failed')).toHaveLength(13)
    expect(rows.find((r) => r.name === 'top.txt')!.state.kind).toBe('done')
    const f5 = rows.find((r) => r.name === 'f5.txt')!
    expect(f5.state).toMatchObject({ kind: 'failed', retryable: true })
    expect(f5.state.kind === 'failed' && f5.state.text).toBe(
      'f5.txt was not uploaded: the folder /Leases is no longer in the library (deleted or renamed). Make the folder again, then choose Retry, or upload the file into another folder.'
    )
    expect(rows.every((r) => r.state.kind !== 'failed' || q.canRetry(r))).toBe(true)

    expect((await node.post('/v2/create_folder', { path: '/', folder_name: 'Leases' })).status).toBe(200)
    expect((await node.post('/v2/create_folder', { path: '/Leases', folder_name: '2024' })).status).toBe(200)
    q.retryFailed()
    await q.idle()
    expect(q.snapshot().every((r) => r.state.kind === 'done')).toBe(true)
    const stored = (await node.get('/v2/retrieve_path_simplified', { path: '/Leases', depth: '0' })).body as FileInfo[]
    expect(stored.filter((f) => !f.is_directory).map((f) => f.name)).toEqual([...names].sort())
  })
})
