// `npm run serve -- --port 9550 --data-dir ./data`: headless mode (the node API over HTTP + the UI).
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { ensureBuild, root } from './ensure-build.mjs'
import { requireNode22 } from './node-version.mjs'

requireNode22()
ensureBuild()
// Same process, so SIGTERM/SIGINT reach the server's own handlers.
createRequire(import.meta.url)(join(root, 'out/main/serve.js'))
