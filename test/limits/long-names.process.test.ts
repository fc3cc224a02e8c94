import { readFileSync, writeFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { createJobBody, provider } from '../support/fixtures'
import { tempDir } from '../support/node'
import { startServe, type ServeProcess } from '../support/serve-process'

/*
 * Names with a limit in characters (code points), sent 20 million characters (60 MB) long to `npm run
 * serve`: refused as fast as a body of the same size refused for an unknown field. Counting them
 * by spreading the string into an array held the node's only thread for 5-10 s per request (the
 * health check unanswered meanwhile) and took over a gigabyte. These routes now take at most 1 MiB
 * over HTTP, so such a name is refused from the body's first MiB, naming the field (the router's
 * own counting is still what IPC gets).
 */

let dir: string
let cleanup: () => void
let node: ServeProcess | undefined

beforeEach(() => {
  ;({ dir, cleanup } = tempDir('nodedesk-long-names-'))
})
afterEach(async () => {
  if (node && node.child.exitCode === null) {
    node.child.kill('SIGKILL')
    await node.exited
  }
  node = undefined
  cleanup()
})

/** Peak resident memory of a process in MiB, after setting it back to what it holds now (Linux). */
function peakSince(pid: number): () => number {
  const peak = () => Number(/^VmHWM:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5')
  } catch {
    // The kernel refused: the rise is then measured from an earlier peak, so it can only come out smaller.
  }
  const before = peak()
  return () => peak() - before
}

function post(p: ServeProcess, path: string, body: string) {
  const started = performance.now()
  return new Promise<{ status: number; body: { message?: string }; ms: number }>((done, fail) => {
    const url = new URL(p.url)
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path,
        method: 'POST',
        headers: { Authorization: `Bearer ${p.token}`, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) }
      },
      (res) => {
        let text = ''
        res.on('data', (c) => (text += c))
        res.on('end', () => done({ status: res.statusCode!, body: JSON.parse(text), ms: performance.now() - started }))
      }
    )
    req.on('error', fail)
    req.end(body)
  })
}

it(
  'a 20-million-character name, description, folder name or path segment is refused as fast as any body of its size',
  { timeout: 180_000 },
  async () => {
    node = await startServe(['--port', '0', '--data-dir', dir])
    const p = node
    expect((await post(p, '/v2/add_llm_provider', JSON.stringify(provider('gpt')))).status).toBe(200)
    const { job_id } = (await post(p, '/v2/create_job', JSON.stringify(createJobBody('gpt')))).body as { job_id: string }
    const inbox_name = `job_inbox::${job_id}::false`
    const long = '中'.repeat(20_000_000)
    // The same bytes, refused for a field the route does not have: read and parsed, never counted.
    const sendControl = async () => {
      const rise = peakSince(p.child.pid!)
      const res = await post(p, '/v2/update_smart_inbox_name', JSON.stringify({ inbox_name, custom_name: 'x', pad: long }))
      expect(res.status).toBe(413)
      return { ms: res.ms, rise: rise() }
    }
    await sendControl() // the first large body of a process is slower: warmed up
    const control = await sendControl()
    const cases: [string, unknown, string][] = [
      [
        '/v2/update_smart_inbox_name',
        { inbox_name, custom_name: long },
        'custom_name: too large (the whole request may take at most 1 MiB)'
      ],
      ['/v2/add_llm_provider', provider('p2', { name: long }), 'name: too large (the whole request may take at most 1 MiB)'],
      ['/v2/add_llm_provider', provider('p3', { description: long }), 'description: too large (the whole request may take at most 1 MiB)'],
      ['/v2/create_folder', { path: '/', folder_name: long }, 'folder_name: too large (the whole request may take at most 1 MiB)'],
      [
        '/v2/move_item',
        { origin_path: `/${long}`, destination_path: '/a' },
        'origin_path: too large (the whole request may take at most 1 MiB)'
      ]
    ]
    for (const [path, body, message] of cases) {
      const rise = peakSince(p.child.pid!)
      const res = await post(p, path, JSON.stringify(body))
      const risen = rise()
      console.log(
        `${path}: ${res.status} in ${Math.round(res.ms)} ms, peak +${Math.round(risen)} MiB (control ${Math.round(control.ms)} ms, +${Math.round(control.rise)} MiB)`
      )
      // These routes take at most 1 MiB: the field is named from the body's start, the rest never parsed.
      expect(res.status).toBe(413)
      expect(res.body.message).toBe(message)
      // Counted by spreading: 3 to 10 s more than the control, and an array of 20 million strings.
      expect(res.ms, `${path}: ${Math.round(res.ms)} ms; control ${Math.round(control.ms)} ms`).toBeLessThan(2 * control.ms + 1000)
      expect(risen, `${path}: peak +${Math.round(risen)} MiB; control +${Math.round(control.rise)} MiB`).toBeLessThan(control.rise + 250)
    }
    // Nothing was stored.
    const inbox = await fetch(`${p.url}/v2/get_inbox?inbox_name=${encodeURIComponent(inbox_name)}`, {
      headers: { Authorization: `Bearer ${p.token}` }
    })
    expect(((await inbox.json()) as { custom_name: string }).custom_name.length).toBeLessThan(200)
  }
)
