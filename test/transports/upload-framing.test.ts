import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { dbFingerprint, useUploadServer, storedCopies, useTestNode } from '../support/node'
import { formEnd, formStart, postHead, rawRequest, until } from '../support/raw-http'

/*
 * How the HTTP transport frames uploads and refuses bodies it cannot read: a client that closes
 * its side in the middle of an upload is told its upload was cut short (Node's parser answered
 * "not a valid HTTP/1.1 request"); a form with two files is refused, not stored with one of them
 * dropped; and a body the node will not read whatever it holds is refused from its headers, at once,
 * instead of after the client has sent all of it.
 */

const run = promisify(execFile)
const TOKEN = 'framing-token'
const LIMIT = 8 * 1024 * 1024
const node = useTestNode()
const http = useUploadServer(node, TOKEN, LIMIT)
const staged = http.staged
const boundary = 'x-boundary-framing'
const multipart = { 'Content-Type': `multipart/form-data; boundary=${boundary}` }
const uploadHead = (headers: Record<string, string | number>) =>
  postHead(http.port, '/v2/upload_file_to_folder', TOKEN, { ...multipart, ...headers })
const error = (code: number, message: string) => ({
  code,
  error: { 400: 'Bad Request', 404: 'Not Found', 405: 'Method Not Allowed', 413: 'Payload Too Large', 415: 'Unsupported Media Type' }[code],
  message
})
/** The connection `req` was answered on takes another request, and answers it. */
async function expectAnotherRequestAnswered(req: Awaited<ReturnType<typeof rawRequest>>) {
  const got = new Promise<string>((done) => req.socket.once('data', (c: Buffer) => done(c.toString('latin1'))))
  await req.write(
    `GET /v2/retrieve_path_simplified?path=%2F HTTP/1.1\r\nHost: 127.0.0.1:${http.port}\r\nAuthorization: Bearer ${TOKEN}\r\n\r\n`
  )
  expect((await got).slice(0, 12)).toBe('HTTP/1.1 200')
  req.socket.destroy()
}
const within = <T>(p: Promise<T>, ms: number) => Promise.race([p, new Promise<'no answer'>((r) => setTimeout(() => r('no answer'), ms))])

async function nothingKept(before: string, copies: string[]) {
  expect(await until(() => staged().length === 0)).toBe(true)
  expect(dbFingerprint(node.store)).toBe(before)
  expect(storedCopies(node)).toEqual(copies)
}

describe('an upload whose client closes its side before the form ends', () => {
  const fileStart = formStart(boundary, { path: '/', filename: 'cut.txt' }, { name: 'cut.txt' })
  const text = 'Half of a file that never ends. '.repeat(10_000)

  for (const framing of ['Content-Length', 'chunked'] as const) {
    it(`inside the file (${framing}): 400 naming file_data, saying the upload ended before the file was complete; nothing kept`, async () => {
      const before = dbFingerprint(node.store)
      const copies = storedCopies(node)
      const body = fileStart + text
      const req = await rawRequest(
        http.port,
        uploadHead(framing === 'chunked' ? { 'Transfer-Encoding': 'chunked' } : { 'Content-Length': Buffer.byteLength(body) * 2 })
      )
      await req.write(framing === 'chunked' ? `${Buffer.byteLength(body).toString(16)}\r\n${body}\r\n` : body)
      expect(await until(() => staged().length > 0)).toBe(true)
      req.socket.end()
      const answer = await within(req.answer, 3000)
      expect(answer).toMatchObject({ status: 400, headers: { connection: 'close' } })
      expect(answer !== 'no answer' && JSON.parse(answer!.body)).toEqual(
        error(400, 'file_data: the upload ended before the file was complete; nothing was stored')
      )
      req.socket.destroy()
      await nothingKept(before, copies)
    })
  }

  it('before the file part: 400 naming the body', async () => {
    const before = dbFingerprint(node.store)
    const start = formStart(boundary, { path: '/' })
    const req = await rawRequest(http.port, uploadHead({ 'Content-Length': 10_000 }))
    await req.write(start)
    await new Promise((r) => setTimeout(r, 100))
    req.socket.end()
    const answer = await within(req.answer, 3000)
    expect(answer !== 'no answer' && answer && { status: answer.status, body: JSON.parse(answer.body) as unknown }).toEqual({
      status: 400,
      body: error(400, 'body: the upload ended before its last part; nothing was stored')
    })
    req.socket.destroy()
    await nothingKept(before, storedCopies(node))
  })

  it('a JSON body cut short the same way: 400 naming the body', async () => {
    const req = await rawRequest(
      http.port,
      postHead(http.port, '/v2/create_folder', TOKEN, { 'Content-Type': 'application/json', 'Content-Length': 1000 })
    )
    await req.write('{"path": "/", ')
    await new Promise((r) => setTimeout(r, 100))
    req.socket.end()
    const answer = await within(req.answer, 3000)
    expect(answer !== 'no answer' && answer && JSON.parse(answer.body)).toEqual(
      error(400, 'body: the request ended before its whole body arrived')
    )
    req.socket.destroy()
    // A client gone before its body's end is no failure of the node (its log said "http POST /v2/create_folder failed Error: aborted").
    await new Promise((r) => setTimeout(r, 100))
    expect(node.log.lines.filter((l) => l.includes(' failed '))).toEqual([])
  })

  it('a refused body cut short the same way: the answer says why it was refused (it said the body ended early)', async () => {
    const req = await rawRequest(
      http.port,
      postHead(http.port, '/v2/create_folder', TOKEN, { 'Content-Type': 'text/plain', 'Content-Length': 1000 })
    )
    await req.write('{"path": "/", ')
    await new Promise((r) => setTimeout(r, 100))
    req.socket.end()
    const answer = await within(req.answer, 3000)
    expect(answer !== 'no answer' && answer && { status: answer.status, body: JSON.parse(answer.body) as unknown }).toEqual({
      status: 415,
      body: error(415, 'content-type: expected application/json')
    })
    req.socket.destroy()
  })

  it('an upload whose connection is dropped (not half-closed) still leaves nothing behind', async () => {
    const before = dbFingerprint(node.store)
    const copies = storedCopies(node)
    const req = await rawRequest(http.port, uploadHead({ 'Content-Length': 5 * 1024 * 1024 }))
    await req.write(fileStart + text)
    expect(await until(() => staged().length > 0)).toBe(true)
    req.socket.destroy()
    await nothingKept(before, copies)
    const whole = await fetch(`${http.server.url}/v2/health_check`)
    expect(whole.status).toBe(200)
  })
})

describe('a form with more than one file', () => {
  const send = async (form: string) => {
    const res = await fetch(`${http.server.url}/v2/upload_file_to_folder`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${TOKEN}`, ...multipart },
      body: form + formEnd(boundary).slice(2)
    })
    return { status: res.status, body: await res.json() }
  }
  const filePart = (name: string, content: string, field = 'file_data') => formStart(boundary, {}, { field, name }) + content + '\r\n'

  it('two file_data parts: 400 naming file_data, neither stored', async () => {
    const before = dbFingerprint(node.store)
    const copies = storedCopies(node)
    const res = await send(
      formStart(boundary, { path: '/', filename: 'a.txt' }) + filePart('a.txt', 'First.') + filePart('b.txt', 'Second.')
    )
    expect(res).toEqual({ status: 400, body: error(400, 'file_data: an upload carries one file; this form has file_data more than once') })
    await nothingKept(before, copies)
  })

  it('file_data as a text field and as a file: 400 naming file_data, nothing stored', async () => {
    const before = dbFingerprint(node.store)
    for (const form of [
      formStart(boundary, { path: '/', filename: 'a.txt', file_data: 'As text.' }) + filePart('a.txt', 'As a file.'),
      formStart(boundary, { path: '/', filename: 'a.txt' }) +
        filePart('a.txt', 'As a file.') +
        formStart(boundary, { file_data: 'As text.' })
    ]) {
      expect(await send(form)).toEqual({
        status: 400,
        body: error(400, 'file_data: an upload carries one file; this form has file_data more than once')
      })
    }
    await nothingKept(before, storedCopies(node))
  })

  it("more file parts than a form may have: 400; a file part of another name beside file_data is ignored (it used to take the one file's place, and file_data was dropped)", async () => {
    const before = dbFingerprint(node.store)
    const many = Array.from({ length: 6 }, (_, i) => filePart(`x${i}.txt`, 'Extra.', `extra${i}`)).join('')
    expect(await send(formStart(boundary, { path: '/', filename: 'a.txt' }) + many + filePart('a.txt', 'The file.'))).toEqual({
      status: 400,
      body: error(400, 'file_data: an upload carries one file; this form has more than 5 file parts')
    })
    await nothingKept(before, storedCopies(node))
    const one = await send(
      formStart(boundary, { path: '/', filename: 'a.txt' }) + filePart('n.txt', 'Note.', 'note') + filePart('a.txt', 'The file.')
    )
    expect(one).toMatchObject({ status: 200, body: { path: '/a.txt', size: 9 } })
  })
})

describe('a body the node will not read is refused from its headers; one that does not arrive within a second is answered and its connection closed', () => {
  const json = { 'Content-Type': 'application/json' }
  const cases: [string, string, Record<string, string | number>, number, string][] = [
    [
      'Content-Encoding on a JSON route',
      '/v2/create_folder',
      { ...json, 'Content-Encoding': 'gzip', 'Content-Length': 100_000 },
      415,
      'content-encoding: the node reads request bodies uncompressed; send the body without a content coding (got gzip)'
    ],
    [
      'a transfer coding other than chunked on a JSON route',
      '/v2/create_folder',
      { ...json, 'Transfer-Encoding': 'gzip, chunked' },
      415,
      'transfer-encoding: the node reads request bodies plain or chunked, with no other transfer coding; send the body without one (got gzip)'
    ],
    [
      'Content-Encoding on an upload',
      '/v2/upload_file_to_folder',
      { ...multipart, 'Content-Encoding': 'br', 'Content-Length': 100_000 },
      415,
      'content-encoding: the node reads request bodies uncompressed; send the body without a content coding (got br)'
    ],
    [
      'a Content-Type not JSON',
      '/v2/create_folder',
      { 'Content-Type': 'text/plain', 'Content-Length': 100_000 },
      415,
      'content-type: expected application/json'
    ],
    [
      'a Content-Type not multipart on an upload',
      '/v2/upload_file_to_folder',
      { ...json, 'Content-Length': 100_000 },
      415,
      'content-type: expected multipart/form-data'
    ],
    [
      'a Content-Length over 64 MiB',
      '/v2/update_job_scope',
      { ...json, 'Content-Length': 65 * 1024 * 1024 },
      413,
      'body: larger than the limit of 64 MiB'
    ],

    // Refused from the request line: the body was drained to its end (up to 256 MiB, however slowly it came).
    ['a path the node does not have', '/v2/no_such_route', { ...json, 'Content-Length': 100_000 }, 404, 'path: no route /v2/no_such_route'],
    [
      'a method the path does not take',
      '/v2/health_check',
      { ...json, 'Content-Length': 100_000 },
      405,
      'method: /v2/health_check takes GET, not POST'
    ],
    ['a query not in UTF-8', '/v2/create_folder?path=%ff', { ...json, 'Content-Length': 100_000 }, 400, 'path: not valid UTF-8']
  ]
  for (const [name, path, headers, status, message] of cases) {
    it(`${name}: ${status} naming it`, async () => {
      const req = await rawRequest(http.port, postHead(http.port, path, TOKEN, headers))
      // A client that sends the start of its body, then stalls.
      await req.write(headers['Transfer-Encoding'] ? '5\r\n{"pa"\r\n' : '{"pa')
      const answer = await within(req.answer, 2000)
      expect(answer, 'answered before the body was sent').not.toBe('no answer')
      expect(answer).toMatchObject({ status, headers: { connection: 'close' } })
      expect(JSON.parse((answer as { body: string }).body)).toEqual(error(status, message))
      expect(await until(() => req.ended(), 2000), 'connection closed').toBe(true)
      req.socket.destroy()
    })
  }

  it("a client sending the whole body still reads the answer (Node's fetch, in a process of its own, saw EPIPE, not the 415/413, when the connection closed under the body)", async () => {
    // The client runs apart from the server, as a real one does: in one process the two take turns and the race never shows.
    const client = `
      const [url, token, type, size] = process.argv.slice(1)
      const answers = []
      for (let k = 0; k < 3; k++) {
        try {
          const r = await fetch(url, { method: 'POST', headers: { Authorization: 'Bearer ' + token, 'Content-Type': type }, body: Buffer.alloc(Number(size), 32) })
          await r.text()
          answers.push(r.status)
        } catch (err) { answers.push(String(err.cause?.code ?? err)) }
      }
      console.log(JSON.stringify(answers))`
    const sent = async (path: string, type: string, size: number) => {
      const { stdout } = await run(process.execPath, [
        '--input-type=module',
        '-e',
        client,
        `${http.server.url}${path}`,
        TOKEN,
        type,
        String(size)
      ])
      return JSON.parse(stdout) as (number | string)[]
    }
    expect(await sent('/v2/create_folder', 'text/plain', 20_000_000)).toEqual([415, 415, 415])
    expect(await sent('/v2/upload_file_to_folder', 'application/json', 20_000_000)).toEqual([415, 415, 415])
    expect(await sent('/v2/update_job_scope', 'application/json', 65 * 1024 * 1024)).toEqual([413, 413, 413])
    // An upload declared larger than the upload limit (8 MiB here) was refused with the connection closed under it: EPIPE.
    expect(await sent('/v2/upload_file_to_folder', `multipart/form-data; boundary=${boundary}`, 20_000_000)).toEqual([413, 413, 413])
  }, 30_000)

  it('a form refused at a field before its file (a field given twice) is answered to a client still sending the file (it saw EPIPE)', async () => {
    const client = `
      const [url, token] = process.argv.slice(1)
      const answers = []
      for (let k = 0; k < 3; k++) {
        const form = new FormData()
        form.append('path', '/')
        form.append('path', '/')
        form.append('file_data', new Blob([Buffer.alloc(6_000_000, 97)]), 'twice.txt')
        try {
          const r = await fetch(url, { method: 'POST', headers: { Authorization: 'Bearer ' + token }, body: form })
          answers.push([r.status, (await r.json()).message, r.headers.get('connection')])
        } catch (err) { answers.push(String(err.cause?.code ?? err)) }
      }
      console.log(JSON.stringify(answers))`
    const before = dbFingerprint(node.store)
    const { stdout } = await run(process.execPath, [
      '--input-type=module',
      '-e',
      client,
      `${http.server.url}/v2/upload_file_to_folder`,
      TOKEN
    ])
    // The rest of the form read and let go within the second: the connection is kept for the next request.
    const refused = [400, 'path: given more than once in the form; which one was meant cannot be told', 'keep-alive']
    expect(JSON.parse(stdout)).toEqual([refused, refused, refused])
    expect(dbFingerprint(node.store)).toBe(before)
  }, 30_000)

  it('a refused body that has arrived whole leaves the connection open for the next request', async () => {
    const body = '{"path": "/"}'
    const req = await rawRequest(
      http.port,
      postHead(http.port, '/v2/create_folder', TOKEN, { 'Content-Type': 'text/plain', 'Content-Length': body.length })
    )
    // The body a moment after the headers, as a client writing them apart sends it.
    await new Promise((r) => setTimeout(r, 50))
    await req.write(body)
    const first = await req.answer
    expect(first).toMatchObject({ status: 415 })
    expect(first!.headers.connection).not.toBe('close')
    await expectAnotherRequestAnswered(req)
  })

  it('a normal request keeps its connection for the next one', async () => {
    const body = JSON.stringify({ path: '/', folder_name: 'kept' })
    const req = await rawRequest(
      http.port,
      postHead(http.port, '/v2/create_folder', TOKEN, { ...json, 'Content-Length': Buffer.byteLength(body) }) + body
    )
    const first = await req.answer
    expect(first).toMatchObject({ status: 200 })
    expect(first!.headers.connection).not.toBe('close')
    // The same socket takes another request.
    await expectAnotherRequestAnswered(req)
  })
})
