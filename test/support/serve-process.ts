import { spawn, type ChildProcess } from 'node:child_process'
import { join } from 'node:path'

export const ROOT = join(__dirname, '..', '..')

export interface ServeProcess {
  readonly child: ChildProcess
  readonly url: string
  readonly uiUrl: string
  readonly token: string
  output(): string
  /** Resolves with the exit code (or signal name). */
  exited: Promise<number | string>
}

/** Starts `npm run serve`'s script as a real child process and waits for its URL line. */
export function startServe(args: string[], env: NodeJS.ProcessEnv = {}): Promise<ServeProcess> {
  const child = spawn(process.execPath, [join(ROOT, 'scripts/serve.mjs'), ...args], {
    cwd: ROOT,
    env: { ...process.env, NODEDESK_API_TOKEN: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let out = ''
  child.stdout!.on('data', (c) => (out += c))
  child.stderr!.on('data', (c) => (out += c))
  const exited = new Promise<number | string>((done) => child.on('exit', (code, signal) => done(code ?? signal ?? -1)))
  return new Promise((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`serve did not start in time:\n${out}`)), 20_000)
    const check = () => {
      const m = /Open the UI: (http:\/\/[^\s]+)\/#token=([A-Za-z0-9_-]+)/.exec(out)
      if (m) {
        clearTimeout(timer)
        done({ child, url: m[1]!, uiUrl: `${m[1]}/#token=${m[2]}`, token: m[2]!, output: () => out, exited })
      }
    }
    child.stdout!.on('data', check)
    void exited.then((code) => {
      clearTimeout(timer)
      fail(new Error(`serve exited (${code}) before listening:\n${out}`))
    })
  })
}
