import { lazyWorker } from '../app/lazy-worker'
import type { ExportAnswer, ExportAsked, ExportReply } from './export-fetch'

/*
 * The worker that reads exports (export.worker.ts), started at the first export; where none can be had the
 * export is read on the window's thread, as before.
 */
let nextId = 0
const waiting = new Map<number, (reply: ExportReply | undefined) => void>()

const theWorker = lazyWorker<ExportAnswer>(
  () => new Worker(new URL('./export.worker.ts', import.meta.url), { type: 'module' }),
  ({ id, ...reply }) => {
    waiting.get(id)?.(reply)
    waiting.delete(id)
  },
  // The worker could not load or broke: the exports asked are read on the window's thread instead.
  () => {
    for (const give of waiting.values()) give(undefined)
    waiting.clear()
  }
)

/** The node's answer to the export, read in the worker; undefined where no worker can be had (or it broke). */
export function exportOffThread(asked: Omit<ExportAsked, 'id'>): Promise<ExportReply | undefined> {
  const w = theWorker()
  if (w === null) return Promise.resolve(undefined)
  return new Promise((give) => {
    const id = nextId++
    waiting.set(id, give)
    w.postMessage({ ...asked, id } satisfies ExportAsked)
  })
}
