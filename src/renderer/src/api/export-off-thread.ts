import type { ExportAnswer, ExportAsked, ExportReply } from './export-fetch'

/*
 * The worker that reads exports (export.worker.ts), started at the first export; where none can be had the
 * export is read on the window's thread, as before.
 */
let worker: Worker | null | undefined
let nextId = 0
const waiting = new Map<number, (reply: ExportReply | undefined) => void>()

function theWorker(): Worker | null {
  if (worker !== undefined) return worker
  try {
    worker = typeof Worker === 'undefined' ? null : new Worker(new URL('./export.worker.ts', import.meta.url), { type: 'module' })
  } catch {
    worker = null
  }
  worker?.addEventListener('message', (e: MessageEvent<ExportAnswer>) => {
    const { id, ...reply } = e.data
    waiting.get(id)?.(reply)
    waiting.delete(id)
  })
  // The worker could not load or broke: the exports asked are read on the window's thread instead.
  worker?.addEventListener('error', () => {
    worker?.terminate()
    worker = null
    for (const give of waiting.values()) give(undefined)
    waiting.clear()
  })
  return worker
}

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
