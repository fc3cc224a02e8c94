import { parentPort } from 'node:worker_threads'

/* A provider thread whose event loop is stuck as soon as it gets a call (it never reads an abort). */
parentPort!.on('message', (m: { type: string }) => {
  if (m.type !== 'call') return
  for (;;) {
    /* stuck */
  }
})
