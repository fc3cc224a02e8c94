/**
 * A module worker started at its first use, where one can be had. `make` is called once (the result is null
 * where the page has no Worker or it throws: the callers then do the work on the window's thread). `heard`
 * gets each answer the worker posts. When the worker cannot load or breaks, it is ended and `broken` is told
 * (to answer whatever waited on it), and null is given from then on.
 *
 * `make` must be written `() => new Worker(new URL('./x.worker.ts', import.meta.url), { type: 'module' })` at
 * the caller: that is the shape the bundler finds and builds the worker's file from.
 */
export function lazyWorker<Answer>(
  make: () => Worker,
  heard: (answer: Answer, worker: Worker) => void,
  broken: () => void
): () => Worker | null {
  let worker: Worker | null | undefined
  return () => {
    if (worker !== undefined) return worker
    try {
      worker = typeof Worker === 'undefined' ? null : make()
    } catch {
      worker = null
    }
    const started = worker
    started?.addEventListener('message', (e: MessageEvent<Answer>) => heard(e.data, started))
    started?.addEventListener('error', () => {
      started.terminate()
      worker = null
      broken()
    })
    return worker
  }
}
