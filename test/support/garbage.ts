import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

/**
 * A full collection, to see what is still held rather than what waits to be collected (the flag
 * turned on for this worker only, as node --expose-gc would). Memory tests measure after it: heap
 * use before a collection depends on when V8 gets to it, which a loaded machine puts off.
 */
export function collectGarbage(): void {
  setFlagsFromString('--expose_gc')
  const gc = runInNewContext('gc') as () => void
  gc()
  gc()
}
