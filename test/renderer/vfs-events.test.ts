import { QueryClient, type QueryKey } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { connectEvents, VFS_EVENT_BATCH_MS } from '../../src/renderer/src/api/events'
import { keys } from '../../src/renderer/src/api/queries'
import { objectBridgeTransport } from './object-bridge'
import type { NodeEvent } from '../../src/shared/contract/events'

/** The library queries the window keeps, by a readable name. */
const cached: Record<string, QueryKey> = {
  'folder /': keys.vfsFolder('/'),
  'folder /Leases': keys.vfsFolder('/Leases'),
  'folder /Other': keys.vfsFolder('/Other'),
  'passages /Leases/a.txt': keys.vfsResource('/Leases/a.txt'),
  'passages /Other/b.txt': keys.vfsResource('/Other/b.txt'),
  'found by name': keys.vfsFind('lease'),
  'file states': keys.vfsFileStates,
  search: [...keys.vfsSearch, 'rent'],
  'messages A': keys.messages('job_inbox::a::false'),
  'embedding model': keys.embeddingModel
}

let qc: QueryClient
let emit: (event: NodeEvent) => void
let disconnect: () => void
beforeEach(() => {
  qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })
  for (const key of Object.values(cached)) qc.setQueryData(key, [])
  let listener: (e: NodeEvent) => void = () => {}
  disconnect = connectEvents(
    objectBridgeTransport({
      request: () => Promise.reject(new Error('no requests in this test')),
      onEvent: (l) => {
        listener = l
        return () => {}
      }
    }),
    qc
  )
  emit = (e) => listener(e)
})
afterEach(() => {
  disconnect()
  qc.clear()
})

const invalidated = () =>
  Object.entries(cached)
    .filter(([, key]) => qc.getQueryState(key)?.isInvalidated)
    .map(([name]) => name)
    .sort()

describe('vector_fs_changed → cache', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })
  it("marks the changed file's folder, its passages, names found, file counts and searches stale; other folders stay", () => {
    emit({ type: 'vector_fs_changed', data: { path: '/Leases/a.txt' } })
    vi.advanceTimersByTime(VFS_EVENT_BATCH_MS)
    expect(invalidated()).toEqual(['file states', 'folder /Leases', 'found by name', 'passages /Leases/a.txt', 'search'])
  })
  it('a folder changing at the top (moved or deleted elsewhere) marks the root listing, its own, and what is cached inside it stale', () => {
    emit({ type: 'vector_fs_changed', data: { path: '/Leases' } })
    vi.advanceTimersByTime(VFS_EVENT_BATCH_MS)
    // The preview of a file inside it is read again: it kept showing a file the node no longer had.
    expect(invalidated()).toEqual(['file states', 'folder /', 'folder /Leases', 'found by name', 'passages /Leases/a.txt', 'search'])
  })
  it('the whole library changing (the embedding model set, here or by another client) marks the embedding model stale too', () => {
    emit({ type: 'vector_fs_changed', data: { path: '/' } })
    vi.advanceTimersByTime(VFS_EVENT_BATCH_MS)
    // Settings shows the model the node now uses, not the one it read when it opened.
    expect(invalidated()).toContain('embedding model')
  })
  it('a burst of changes (a drop of 2,000 files) is read again once, not once per file', () => {
    const spy = vi.spyOn(qc, 'invalidateQueries')
    for (let i = 0; i < 2000; i++) emit({ type: 'vector_fs_changed', data: { path: `/Leases/note-${i}.txt` } })
    expect(invalidated()).toEqual([])
    vi.advanceTimersByTime(VFS_EVENT_BATCH_MS)
    expect(invalidated()).toEqual(['file states', 'folder /Leases', 'found by name', 'search'])
    const folderReads = spy.mock.calls.filter(([f]) => JSON.stringify(f?.queryKey) === JSON.stringify(keys.vfsFolder('/Leases')))
    expect(folderReads).toHaveLength(1)
    expect(spy.mock.calls.filter(([f]) => JSON.stringify(f?.queryKey) === JSON.stringify(keys.vfsFindAll))).toHaveLength(1)
  })
})
