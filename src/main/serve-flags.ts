import { defaultDataDir } from './app-info'

export interface ServeFlags {
  readonly port: number
  readonly host: string
  readonly dataDir: string
  readonly nodeName?: string
  /** Replace the API token with a new one before serving. */
  readonly rotateToken: boolean
}

export const SERVE_USAGE =
  'usage: npm run serve -- [--port <port, 0 = any free>] [--data-dir <dir>] [--host 127.0.0.1] [--node-name <name>] [--rotate-token]'

/** Parses headless-mode flags; throws an Error whose message says what is wrong. */
export function parseServeFlags(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): ServeFlags {
  const values: Record<string, string> = {}
  let rotateToken = false
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    if (arg === '--rotate-token') {
      rotateToken = true
      continue
    }
    const eq = arg.indexOf('=')
    const name = eq > 0 ? arg.slice(0, eq) : arg
    if (!['--port', '--host', '--data-dir', '--node-name'].includes(name)) throw new Error(`unknown option ${arg}`)
    const value = eq > 0 ? arg.slice(eq + 1) : argv[++i]
    if (value === undefined || value === '') throw new Error(`${name} needs a value`)
    values[name] = value
  }
  const port = Number(values['--port'] ?? 9550)
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be 0..65535, got ${values['--port']}`)
  return {
    port,
    host: values['--host'] ?? '127.0.0.1',
    dataDir: values['--data-dir'] ?? defaultDataDir(env),
    nodeName: values['--node-name'],
    rotateToken
  }
}
