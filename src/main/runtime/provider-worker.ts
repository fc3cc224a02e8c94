import { parentPort } from 'node:worker_threads'
import { debugWanted, enableDebugLog } from '../platform/debug-log'
import { runAnswerCall } from './answer-call'
import { redactEachSecret } from './key-redactor'
import { loadSdks } from './provider-sdks'
import type { ToProviderWorker } from './provider-worker-protocol'

/**
 * The provider worker: answers' provider calls (the SDKs, HTTP, the streamed replies' parsing) run
 * here, off the thread that serves the API and writes the database.
 */
// The node's env, as the thread was started with it: --debug sets NODEDESK_DEBUG=1 before it starts.
if (debugWanted()) enableDebugLog({ redact: redactEachSecret })
const port = parentPort
if (!port) throw new Error('provider-worker runs as a worker thread')
const calls = new Map<number, AbortController>()
port.on('message', (m: ToProviderWorker) => {
  if (m.type === 'abort') {
    calls.get(m.id)?.abort(m.reason)
    return
  }
  if (m.type === 'warm') {
    const started = performance.now()
    void loadSdks(m.protocols).then((failed) =>
      port.postMessage({ type: 'warmed', protocols: m.protocols, ms: performance.now() - started, failed })
    )
    return
  }
  const controller = new AbortController()
  calls.set(m.id, controller)
  void runAnswerCall(m.request, fetch, controller.signal, (text) => port.postMessage({ type: 'delta', id: m.id, text }))
    .then((outcome) => port.postMessage({ type: 'end', id: m.id, outcome }))
    .finally(() => calls.delete(m.id))
})
