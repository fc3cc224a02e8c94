/**
 * Headless mode: the embedded node API over HTTP on loopback, serving the built renderer at `/`.
 *   npm run serve -- --port 9550 --data-dir ./data
 */
import { join, resolve } from 'node:path'
import { APP_VERSION } from './app-info'
import { DataDirInUseError } from './data-dir-lock'
import { dataDirProblem } from './serve-data-dir'
import { startEmbeddedNode } from './embedded-node'
import { APP_WARM_UP_MS, bundledProviderWorker } from './runtime/answer-callers'
import { bundledExtractWorker } from './vector-fs/document-reader'
import { bundledCheckpointWorker } from './store/checkpointer'
import { DEBUG_ENV, debugEvent, enableDebugLog } from './platform/debug-log'
import { consoleLogger } from './platform/logger'
import { redactEachSecret } from './runtime/key-redactor'
import { installProcessGuard } from './process-guard'
import { parseServeFlags, SERVE_HELP, SERVE_USAGE, wantsHelp } from './serve-flags'
import { listenOnPort } from './serve-port'
import { stopOnSignals } from './serve-stop'
import { aesFileSecretBox } from './store/secret-box'
import { API_TOKEN_FILE, loadOrCreateApiToken, refuseRotationOfEnvToken } from './transports/api-token'
import { startHttpServer } from './transports/http'
import { listenFailure } from './transports/listen-failure'

/** Closes a node that failed to start; the reason it failed is the one to tell, not a second failure while closing. */
async function closeQuietly(node: { close(): Promise<void> }): Promise<void> {
  try {
    await node.close()
  } catch (err) {
    console.error('Nodedesk could not close its data folder cleanly:', err instanceof Error ? err.message : err)
  }
}

async function main(): Promise<void> {
  if (wantsHelp(process.argv.slice(2))) {
    console.log(SERVE_HELP)
    return
  }
  let flags
  try {
    flags = parseServeFlags(process.argv.slice(2))
  } catch (err) {
    console.error(`${(err as Error).message}\n${SERVE_USAGE}`)
    process.exit(2)
  }
  // Before the data folder is made, locked or migrated: refused, the command leaves no trace.
  refuseRotationOfEnvToken(process.env, flags.rotateToken)
  const dataDir = resolve(flags.dataDir)
  const args = process.argv.slice(2)
  const source = args.some((a) => a === '--data-dir' || a.startsWith('--data-dir='))
    ? '--data-dir'
    : process.env.NODEDESK_DATA_DIR
      ? 'NODEDESK_DATA_DIR'
      : 'the default data folder'
  const problem = dataDirProblem(dataDir, source)
  if (problem) {
    console.error(problem)
    process.exit(2)
  }
  const log = consoleLogger
  if (flags.debug) {
    // In the environment too: the provider thread turns its own on from it when it starts.
    process.env[DEBUG_ENV] = '1'
    enableDebugLog({ redact: redactEachSecret })
    debugEvent(`debug log on (Nodedesk ${APP_VERSION}, data folder ${dataDir})`)
  }
  installProcessGuard({ log })
  const node = startEmbeddedNode({
    dataDir,
    secrets: aesFileSecretBox(join(dataDir, 'secret.key')),
    version: APP_VERSION,
    nodeName: flags.nodeName,
    log,
    mode: 'headless',
    extractWorker: bundledExtractWorker(__dirname),
    checkpointWorker: bundledCheckpointWorker(__dirname),
    runtime: {
      providerWorker: bundledProviderWorker(__dirname),
      warmUpAfterMs: APP_WARM_UP_MS,
      ...(flags.providerConcurrency ? { concurrency: { perServer: flags.providerConcurrency } } : {})
    }
  })
  let token: string
  try {
    token = loadOrCreateApiToken(dataDir, process.env, { rotate: flags.rotateToken })
  } catch (err) {
    await closeQuietly(node)
    throw err
  }
  let http: Awaited<ReturnType<typeof startHttpServer>>
  try {
    http = await listenOnPort(node.store.db, flags.port, (port) =>
      startHttpServer({
        router: node.router,
        token,
        host: flags.host,
        port,
        staticDir: join(__dirname, '../renderer'),
        uploadDir: node.ctx.vectorFs.stagingDir,
        log
      })
    )
  } catch (err) {
    // The node is open by now: exiting without closing it left the lock file, an unmerged WAL and the
    // worker threads to be torn down mid-use (which could crash the process before it said why).
    await closeQuietly(node)
    throw err
  }
  // Before the address is printed: whoever reads it may stop the node at once, and must get a clean stop.
  stopOnSignals({ node, http })

  console.log(`Nodedesk node API listening on ${http.url} (data: ${dataDir})`)
  if (flags.rotateToken) console.log(`API token replaced: the new one is in ${join(dataDir, API_TOKEN_FILE)}`)
  // The address holds a one-time code, not the token: once the page has used it, it grants nothing.
  console.log(`Open the UI: ${http.uiAddress()}`)
}

void main().catch((err) => {
  if (err instanceof DataDirInUseError) console.error(err.message)
  else console.error('Nodedesk could not start:', listenFailure(err) ?? (err instanceof Error ? err.message : err))
  process.exit(1)
})
