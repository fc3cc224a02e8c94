import { createHash } from 'node:crypto'
import { existsSync, lstatSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { startTestNode, tempDir } from '../support/node'
import { killAll, startServe, type ServeProcess } from '../support/serve-process'

const running: ServeProcess[] = []
const cleanups: (() => void)[] = []
afterEach(async () => {
  await killAll(running)
  for (const c of cleanups.splice(0)) c()
})

async function serve(dir: string) {
  const p = await startServe(['--port', '0', '--data-dir', dir])
  running.push(p)
  return p
}

async function upload(p: ServeProcess, filename: string, data: string) {
  const form = new FormData()
  form.append('path', '/')
  form.append('filename', filename)
  form.append('file_data', new Blob([data]), filename)
  const res = await fetch(`${p.url}/v2/upload_file_to_folder`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${p.token}` },
    body: form
  })
  expect(res.status).toBe(200)
}

async function download(p: ServeProcess, path: string) {
  const res = await fetch(`${p.url}/v2/download_file?path=${encodeURIComponent(path)}`, { headers: { Authorization: `Bearer ${p.token}` } })
  return { status: res.status, text: await res.text() }
}

const sha = (data: string | Buffer) => createHash('sha256').update(data).digest('hex')

describe('stored copies no file refers to (left by a SIGKILL)', () => {
  it('are removed when the node starts again; copies files refer to, and anything that is not a copy, are kept', async () => {
    const t = tempDir('nodedesk-orphans-')
    cleanups.push(t.cleanup)
    const files = join(t.dir, 'files')
    const copyOf = (hash: string) => join(files, hash.slice(0, 2), hash)
    const kept = { '/compost.txt': 'The compost heap sits behind the shed.', '/koi.md': '# Pond\n\nKoi are fed twice a day.' }
    const deleted = 'Orchard ladders are stored in the barn.'

    const first = await serve(t.dir)
    for (const [path, text] of Object.entries(kept)) await upload(first, path.slice(1), text)
    await upload(first, 'ladders.txt', deleted)
    const deleting = await fetch(`${first.url}/v2/delete_item`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${first.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ path: '/ladders.txt' })
    })
    expect(deleting.status).toBe(200)
    expect(existsSync(copyOf(sha(deleted)))).toBe(false)
    first.child.kill('SIGKILL')
    await first.exited

    // What a SIGKILL leaves between deleting a file's row and unlinking its copy...
    writeFileSync(copyOf(sha(deleted)), deleted)
    // ...and between storing an upload's copy and writing its row.
    const unrecorded = 'An upload whose row was never written.'
    mkdirSync(join(files, sha(unrecorded).slice(0, 2)), { recursive: true })
    writeFileSync(copyOf(sha(unrecorded)), unrecorded)
    // Not copies of the store, whatever their names: left alone.
    const outside = join(t.dir, 'outside.txt')
    writeFileSync(outside, 'not the library')
    const notCopies = [join(files, 'notes.txt'), join(files, sha(unrecorded).slice(0, 2), 'readme.txt'), join(files, 'zz', 'a'.repeat(64))]
    mkdirSync(join(files, 'zz'))
    for (const f of notCopies) writeFileSync(f, 'keep me')
    const link = copyOf(sha('not the library'))
    mkdirSync(join(files, sha('not the library').slice(0, 2)), { recursive: true })
    symlinkSync(outside, link)
    const folderNamedLikeACopy = copyOf(sha('a folder'))
    mkdirSync(folderNamedLikeACopy, { recursive: true })

    const second = await serve(t.dir)
    const deadline = Date.now() + 15_000
    while ((existsSync(copyOf(sha(deleted))) || existsSync(copyOf(sha(unrecorded)))) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50))
    }
    expect(existsSync(copyOf(sha(deleted))), 'the deleted file’s copy').toBe(false)
    expect(existsSync(copyOf(sha(unrecorded))), 'the unrecorded upload’s copy').toBe(false)
    await expect.poll(() => second.output()).toMatch(/removed 2 stored copies of files no longer in the library/)

    for (const [path, text] of Object.entries(kept)) {
      expect(readFileSync(copyOf(sha(text)), 'utf8')).toBe(text)
      expect(await download(second, path)).toEqual({ status: 200, text })
    }
    for (const f of notCopies) expect(readFileSync(f, 'utf8')).toBe('keep me')
    expect(lstatSync(link).isSymbolicLink()).toBe(true)
    expect(readFileSync(outside, 'utf8')).toBe('not the library')
    expect(lstatSync(folderNamedLikeACopy).isDirectory()).toBe(true)
  }, 60_000)

  it('an upload of the same bytes as an orphan, made while orphans are removed, keeps its copy', async () => {
    const t = tempDir()
    cleanups.push(t.cleanup)
    const node = startTestNode(t.dir)
    try {
      const text = 'The same report, left behind by a crash and uploaded again.'
      const copy = join(t.dir, 'files', sha(text).slice(0, 2), sha(text))
      for (let i = 0; i < 20; i++) {
        mkdirSync(join(t.dir, 'files', sha(text).slice(0, 2)), { recursive: true })
        writeFileSync(copy, text)
        // The upload and the sweep in either order, and interleaved at each of their awaits.
        const upload = node.post('/v2/upload_file_to_folder', {
          path: '/',
          filename: `report-${i}.txt`,
          file_data: new TextEncoder().encode(text)
        })
        const [res] = await Promise.all([upload, node.ctx.vectorFs.removeOrphanCopies()])
        expect(res.status).toBe(200)
        expect(readFileSync(copy, 'utf8')).toBe(text)
        expect((await node.post('/v2/delete_item', { path: `/report-${i}.txt` })).status).toBe(200)
        expect(existsSync(copy)).toBe(false)
      }
    } finally {
      await node.close()
    }
  })
})
