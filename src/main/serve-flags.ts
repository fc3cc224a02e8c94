import { isIPv4, isIPv6 } from 'node:net'
import { parseArgs } from 'node:util'
import { DEFAULT_NODE_NAME, NODE_NAME_PATTERN } from '../shared/contract/identity'
import { defaultDataDir } from './app-info'
import { debugWanted } from './platform/debug-log'

export interface ServeFlags {
  readonly port: number
  readonly host: string
  readonly dataDir: string
  readonly nodeName?: string
  /** Replace the API token with a new one before serving. */
  readonly rotateToken: boolean
  /** Provider calls at once per server (--provider-concurrency or NODEDESK_PROVIDER_CONCURRENCY); absent, the runtime's default. */
  readonly providerConcurrency?: number
  /** The debug log on stderr (--debug or NODEDESK_DEBUG=1). */
  readonly debug: boolean
}

export const SERVE_USAGE =
  'usage: npm run serve -- [--port <port, 0 = any free>] [--data-dir <dir>] [--host 127.0.0.1] [--node-name <name>] [--rotate-token] [--provider-concurrency <calls at once per server, default 4>] [--debug]'

/** What `--help` prints: the usage line, then one line per flag. */
export const SERVE_HELP = `Nodedesk headless mode: the node API over HTTP on loopback, with the UI at the printed address.

${SERVE_USAGE}

  --port <n>                  port to listen on (default 9550; 0 picks a free one: the one it last used when
                              that is free, so the UI's address, and what the page keeps, stay the same)
  --data-dir <dir>            data folder (default NODEDESK_DATA_DIR, else the app's user-data folder)
  --host <address>            loopback address to listen on (default 127.0.0.1; 127.x.x.x, ::1 or localhost)
  --node-name <name>          the node's identity, e.g. @@me.sep-shinkai (default ${DEFAULT_NODE_NAME})
  --rotate-token              replace the API token kept in <data-dir>/api-token before serving
  --provider-concurrency <n>  provider calls at once per server, 1 to 256 (default 4, or NODEDESK_PROVIDER_CONCURRENCY)
  --debug                     a debug log on stderr, one timestamped line per event: the raw causes of refused
                              files and failed provider calls, keys taken out (also NODEDESK_DEBUG=1; default off)
  --help, -h                  print this and exit`

const OPTIONS = {
  port: { type: 'string' },
  host: { type: 'string' },
  'data-dir': { type: 'string' },
  'node-name': { type: 'string' },
  'rotate-token': { type: 'boolean' },
  'provider-concurrency': { type: 'string' },
  debug: { type: 'boolean' }
} as const

/** parseArgs' errors, said in one short line each (its own messages explain its syntax, not ours). */
function sentenceOf(err: unknown, argv: readonly string[]): Error {
  const code = (err as { code?: unknown }).code
  const message = err instanceof Error ? err.message : String(err)
  const quoted = /'([^']+)'/.exec(message)?.[1]
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    // The argument as typed (with its =value), or the option parseArgs names.
    const typed = argv.find((a) => quoted !== undefined && (a === quoted || a.startsWith(`${quoted}=`)))
    return new Error(`unknown option ${typed ?? quoted ?? message}`)
  }
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    const option = quoted?.split(' ')[0] ?? 'an option'
    return new Error(/does not take an argument/.test(message) ? `${option} takes no value` : `${option} needs a value`)
  }
  if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') return new Error(`unexpected argument ${quoted ?? message}; options start with --`)
  return err instanceof Error ? err : new Error(message)
}

const TAKES_VALUE = new Set(Object.entries(OPTIONS).flatMap(([name, o]) => (o.type === 'string' ? [`--${name}`] : [])))

/**
 * `--port -1` written as `--port=-1`: parseArgs refuses a value starting with a dash after a space as
 * "ambiguous", which read "--port needs a value" though one was given. A value starting with `--` is
 * still taken for a flag (`--data-dir --port 1`: --data-dir needs a value).
 */
function dashValuesJoined(argv: readonly string[]): string[] {
  const out: string[] = []
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    const next = argv[i + 1]
    if (TAKES_VALUE.has(arg) && next !== undefined && next.startsWith('-') && !next.startsWith('--') && next !== '-') {
      out.push(`${arg}=${next}`)
      i++
    } else out.push(arg)
  }
  return out
}

/** Whether --help or -h is among the flags (not as the value of a flag before it): then nothing starts. */
export function wantsHelp(argv: readonly string[]): boolean {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    if (arg === '--help' || arg === '-h') return true
    if (TAKES_VALUE.has(arg)) i++
  }
  return false
}

/**
 * Whether `host` names this machine only: localhost, an IPv4 address in 127.0.0.0/8 or ::1. The API
 * holds provider keys and every document; the contract serves it on loopback, and its Host guard
 * assumes so (a client elsewhere on the network could send any Host header).
 */
export function isLoopbackHost(host: string): boolean {
  const h = unbracketed(host).toLowerCase()
  if (h === 'localhost') return true
  if (isIPv4(h)) return h.startsWith('127.')
  if (!isIPv6(h)) return false
  // Written any way (0::1, ::ffff:127.0.0.1), the URL parser's form is one: [::1], or [::ffff:7fxx:xxxx] for 127.x.x.x.
  let canonical: string
  try {
    canonical = new URL(`http://[${h}]/`).hostname
  } catch {
    return false // a zone (fe80::1%lo), which URLs do not take, names a link: not loopback
  }
  return canonical === '[::1]' || /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/.test(canonical)
}

/** An IPv6 address without the brackets a URL writes it in ("[::1]" is "::1"). */
const unbracketed = (host: string) => host.replace(/^\[(.*)\]$/, '$1')

/** Parses headless-mode flags; throws an Error whose message says what is wrong. */
export function parseServeFlags(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): ServeFlags {
  let values: {
    port?: string
    host?: string
    'data-dir'?: string
    'node-name'?: string
    'rotate-token'?: boolean
    'provider-concurrency'?: string
    debug?: boolean
  }
  try {
    ;({ values } = parseArgs({ args: dashValuesJoined(argv), options: OPTIONS, strict: true, allowPositionals: false }))
  } catch (err) {
    throw sentenceOf(err, argv)
  }
  for (const [name, value] of Object.entries(values)) if (value === '') throw new Error(`--${name} needs a value`)
  // Digits only: Number() also takes " 80", 0x50 and 1e3, which would listen on a port nobody typed.
  const port = values.port === undefined ? 9550 : /^\d{1,5}$/.test(values.port) ? Number(values.port) : NaN
  if (!(port >= 0 && port <= 65535))
    throw new Error(`--port must be a whole number from 0 to 65535 (0 picks a free port), got ${values.port}`)
  const concurrency = values['provider-concurrency'] ?? (env.NODEDESK_PROVIDER_CONCURRENCY || undefined)
  const providerConcurrency = concurrency === undefined ? undefined : Number(concurrency)
  if (
    providerConcurrency !== undefined &&
    !(Number.isInteger(providerConcurrency) && providerConcurrency >= 1 && providerConcurrency <= 256)
  ) {
    const source = values['provider-concurrency'] !== undefined ? '--provider-concurrency' : 'NODEDESK_PROVIDER_CONCURRENCY'
    throw new Error(`${source} must be a whole number of calls from 1 to 256, got ${concurrency}`)
  }
  if (values.host !== undefined && !isLoopbackHost(values.host)) {
    throw new Error(
      `--host must be an address of this machine only (127.0.0.1, another 127.x.x.x, ::1 or localhost): the node's API holds provider keys and every document, got ${values.host}`
    )
  }
  const nodeName = values['node-name']
  // The same rule as the settings' name (POST /v2/change_node_name): a node's name as nodes give theirs.
  if (nodeName !== undefined && !NODE_NAME_PATTERN.test(nodeName)) {
    throw new Error(
      `--node-name must start with @@ and have letters, digits, dots, dashes or underscores only (as @@me.sep-shinkai), got ${nodeName}`
    )
  }
  return {
    ...(providerConcurrency !== undefined ? { providerConcurrency } : {}),
    port,
    // [::1], as a URL writes it, is taken: listening on it failed (getaddrinfo ENOTFOUND [::1]).
    host: values.host !== undefined ? unbracketed(values.host) : '127.0.0.1',
    dataDir: values['data-dir'] ?? defaultDataDir(env),
    nodeName,
    rotateToken: values['rotate-token'] ?? false,
    debug: (values.debug ?? false) || debugWanted(env)
  }
}
