import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

export const ROOT = join(__dirname, '..', '..')

export interface ServeProcess {
  readonly child: ChildProcess
  readonly url: string
  /** The UI address `npm run serve` printed: its one-time code works once. */
  readonly uiUrl: string
  /** The bearer token (from NODEDESK_API_TOKEN or `<data-dir>/api-token`; serve does not print it). */
  readonly token: string
  /** A UI address with a fresh one-time code (asked for with the token). */
  newUiUrl(): Promise<string>
  output(): string
  /** What it wrote to stderr alone. */
  errors(): string
  /** Resolves with the exit code (or signal name). */
  exited: Promise<number | string>
}

/**
 * Starts `npm run serve`'s script as a real child process and waits for its URL line. `ownGroup`:
 * in a process group of its own, as in a terminal, so a test can signal the group as Ctrl+C does.
 */
export function startServe(args: string[], env: NodeJS.ProcessEnv = {}, ownGroup = false): Promise<ServeProcess> {
  const child = spawn(process.execPath, [join(ROOT, 'scripts/serve.mjs'), ...args], {
    cwd: ROOT,
    env: { ...process.env, NODEDESK_API_TOKEN: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: ownGroup
  })
  let out = ''
  let err = ''
  child.stdout.on('data', (c) => (out += c))
  child.stderr.on('data', (c) => {
    out += c
    err += c
  })
  const exited = new Promise<number | string>((done) => child.on('exit', (code, signal) => done(code ?? signal ?? -1)))
  return new Promise((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`serve did not start in time:\n${out}`)), 20_000)
    const check = () => {
      const m = /Open the UI: (http:\/\/[^\s]+)\/#code=([A-Za-z0-9_-]+)/.exec(out)
      if (m) {
        clearTimeout(timer)
        const url = m[1]!
        const dataDir = args[args.indexOf('--data-dir') + 1]!
        const token = env.NODEDESK_API_TOKEN || readFileSync(join(dataDir, 'api-token'), 'utf8').trim()
        const newUiUrl = async () => {
          const res = await fetch(`${url}/v2/session/ui_code`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } })
          if (!res.ok) throw new Error(`ui_code: ${res.status}`)
          return ((await res.json()) as { ui_url: string }).ui_url
        }
        done({ child, url, uiUrl: `${url}/#code=${m[2]}`, token, newUiUrl, output: () => out, errors: () => err, exited })
      }
    }
    child.stdout.on('data', check)
    void exited.then((code) => {
      clearTimeout(timer)
      fail(new Error(`serve exited (${code}) before listening:\n${out}`))
    })
  })
}

/** upload_file_to_folder to a headless node as multipart, the way HTTP clients send files. */
export async function uploadText(serve: Pick<ServeProcess, 'url' | 'token'>, folder: string, filename: string, text: string) {
  const form = new FormData()
  form.append('path', folder)
  form.append('filename', filename)
  form.append('file_data', new Blob([text]), filename)
  const res = await fetch(`${serve.url}/v2/upload_file_to_folder`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${serve.token}` },
    body: form
  })
  return { status: res.status, body: await res.json() }
}

/** Kills (SIGKILL) each process of `running` still alive and waits for it; empties the list. For afterEach. */
export async function killAll(running: ServeProcess[]): Promise<void> {
  for (const p of running.splice(0)) {
    if (p.child.exitCode === null && p.child.signalCode === null) {
      p.child.kill('SIGKILL')
      await p.exited
    }
  }
}

/** What a JSON call to a headless node answered: its status and its body (the error body `{code, error, message}` when refused). */
export interface ServeAnswer<T> {
  readonly status: number
  readonly body: T
}

/**
 * A headless node started on `dir` (added to `running`, for killAll), with a JSON client carrying its
 * token: `call` (any method, a query), and `post` and `get` for short.
 */
export async function serveOn(dir: string, running: ServeProcess[]) {
  const p = await startServe(['--port', '0', '--data-dir', dir])
  running.push(p)
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as fetch's json(): each test says what it reads
  const call = async <T = any>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    query: Record<string, string> = {}
  ): Promise<ServeAnswer<T>> => {
    const qs = Object.keys(query).length ? `?${new URLSearchParams(query).toString()}` : ''
    const res = await fetch(`${p.url}${path}${qs}`, {
      method,
      headers: { Authorization: `Bearer ${p.token}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body)
    })
    return { status: res.status, body: (await res.json()) as T }
  }
  return {
    p,
    call,
    post: <T = Awaited<ReturnType<typeof call>>['body']>(path: string, body: unknown) => call<T>('POST', path, body),
    get: <T = Awaited<ReturnType<typeof call>>['body']>(path: string, query?: Record<string, string>) =>
      call<T>('GET', path, undefined, query)
  }
}
