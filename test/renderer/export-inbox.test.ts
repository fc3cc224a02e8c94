// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiFailure, createClient, type Client } from '../../src/renderer/src/api/client'
import { exportInbox } from '../../src/renderer/src/features/inboxes/export-inbox'
import type { BridgeResponse, SaveExportRequest } from '../../src/shared/bridge'
import { errorBody } from '../../src/shared/contract/error'
import { addProvider, createJob, useTestNode } from '../support/node'

/*
 * Which way an export leaves the window: with the desktop bridge's saveExport, the main process does
 * it all (the window fetches nothing); without it (headless mode in a browser, or an older preload),
 * the window reads the export from the node and hands it to the browser's download.
 */

const node = useTestNode({ setup: (n) => addProvider(n, 'gpt') })
let requests: string[]
let client: Client
let inbox: string

beforeEach(async () => {
  requests = []
  client = createClient({
    kind: 'ipc',
    request: async (req) => {
      requests.push(req.path)
      return node.router.handle(req)
    },
    onEvent: () => () => {}
  })
  const jobId = await createJob(node, 'gpt')
  inbox = `job_inbox::${jobId}::false`
  await node.post('/v2/update_smart_inbox_name', { inbox_name: inbox, custom_name: 'Budget review' })
  await node.post('/v2/job_message', { job_id: jobId, content: 'What did we spend in May?' })
})

/** What the browser was asked to download: the clicked link's file name and the Blob behind it. */
function captureDownloads() {
  const blobs = new Map<string, Blob>()
  const created = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:test/${blobs.size}`
    blobs.set(url, blob as Blob)
    return url
  })
  const clicks: { filename: string; blob: Blob | undefined }[] = []
  const onClick = (e: Event) => {
    const a = e.target as HTMLAnchorElement
    if (!a.download) return
    e.preventDefault()
    clicks.push({ filename: a.download, blob: blobs.get(a.getAttribute('href')!) })
  }
  document.addEventListener('click', onClick)
  return {
    clicks,
    stop: () => {
      document.removeEventListener('click', onClick)
      created.mockRestore()
    }
  }
}
let downloads: ReturnType<typeof captureDownloads>
beforeEach(() => {
  downloads = captureDownloads()
})
afterEach(() => downloads.stop())

function fakeBridge(answer: BridgeResponse) {
  const asked: SaveExportRequest[] = []
  const saveExport = (req: SaveExportRequest) => {
    asked.push(req)
    return Promise.resolve(answer)
  }
  return { asked, bridge: { saveExport } }
}

describe('exporting from the window', () => {
  it('desktop: asks the bridge with the inbox and format only, and neither fetches the export nor downloads', async () => {
    const { asked, bridge } = fakeBridge({ status: 200, body: { saved: true, path: '/home/op/Budget review.md' } })
    expect(await exportInbox(client, bridge, inbox, 'markdown')).toEqual({ kind: 'saved', path: '/home/op/Budget review.md' })
    expect(asked).toEqual([{ inbox_name: inbox, format: 'markdown' }])
    expect(requests).toEqual([])
    expect(downloads.clicks).toEqual([])
  })

  it('desktop: a cancelled dialog is no error, and a node error arrives as ApiFailure', async () => {
    expect(await exportInbox(client, fakeBridge({ status: 200, body: { saved: false } }).bridge, inbox, 'txt')).toEqual({
      kind: 'cancelled'
    })
    const missing = fakeBridge({ status: 404, body: errorBody(404, "inbox_name: no inbox 'x'") }).bridge
    const failure = await exportInbox(client, missing, 'x', 'json').catch((e: unknown) => e)
    expect(failure).toBeInstanceOf(ApiFailure)
    expect(failure).toMatchObject({ status: 404, message: "inbox_name: no inbox 'x'" })
    expect(downloads.clicks).toEqual([])
  })

  it('browser (no bridge, or a bridge without saveExport): the node’s export goes to a download named as the node says', async () => {
    for (const bridge of [undefined, {}]) {
      requests.length = 0
      downloads.clicks.length = 0
      expect(await exportInbox(client, bridge, inbox, 'json')).toEqual({ kind: 'downloaded', filename: 'Budget review.json' })
      expect(requests).toEqual(['/v2/export_messages_from_inbox'])
      expect(downloads.clicks.map((c) => c.filename)).toEqual(['Budget review.json'])
      const history = (await node.post('/v2/last_messages', { inbox_name: inbox, limit: 500 })).body
      expect(JSON.parse(await downloads.clicks[0]!.blob!.text())).toEqual(history)
      expect(downloads.clicks[0]!.blob!.type).toBe('application/json')
    }
  })
})
