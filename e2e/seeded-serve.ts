import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openStore } from '../src/main/store'
import { aesFileSecretBox } from '../src/main/store/secret-box'
import { startServe, type ServeProcess } from '../test/support/serve-process'

type Store = ReturnType<typeof openStore>

/**
 * A fixture giving a headless node started on a data dir of its own, written first through the store by
 * `seed` (seconds, where thousands of API calls take minutes); the node is stopped and its dir removed after.
 * `name` marks the dir (nodedesk-e2e-<name>-…).
 */
export function seededServe(name: string, seed: (store: Store) => void) {
  // Playwright reads a fixture's first parameter as the fixtures it uses: it must be written `{}`.
  return async ({}, use: (serve: ServeProcess) => Promise<void>) => {
    const dataDir = mkdtempSync(join(tmpdir(), `nodedesk-e2e-${name}-`))
    const store = openStore(dataDir, aesFileSecretBox(join(dataDir, 'secret.key')))
    try {
      seed(store)
    } finally {
      store.close()
    }
    const serve = await startServe(['--port', '0', '--data-dir', dataDir])
    await use(serve)
    serve.child.kill('SIGTERM')
    await serve.exited
    rmSync(dataDir, { recursive: true, force: true })
  }
}
