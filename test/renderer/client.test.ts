import { describe, expect, it } from 'vitest'
import { QueryClient } from '@tanstack/react-query'
import { ApiFailure, createClient, errorText, fieldPathsOf, noticeText, retryOnce, untilAborted } from '../../src/renderer/src/api/client'
import { bridgeTransport } from '../../src/renderer/src/api/transport'

describe('client errors', () => {
  it('people read messages without field paths; forms get the paths', () => {
    const message = 'job_creation_info.scope.vector_fs_items[2].path.path_ids: expected array of strings; llm_provider: required'
    expect(errorText(new Error(message))).toBe('expected array of strings; required')
    expect(fieldPathsOf(message)).toEqual(['job_creation_info.scope.vector_fs_items[2].path.path_ids', 'llm_provider'])
    expect(errorText(new Error('The node did not answer'))).toBe('The node did not answer')
    expect(fieldPathsOf('body: malformed JSON')).toEqual([])
  })

  it('a notice (not on a field) keeps the field paths, which say which value is wrong; the body is no field', () => {
    const failure = new ApiFailure(400, 'Bad Request', 'config.temperature: must be between 0 and 2', ['config.temperature'])
    expect(noticeText(failure)).toBe('config.temperature: must be between 0 and 2')
    // A form shows the sentence on its field, without the path, as before.
    expect(errorText(failure)).toBe('must be between 0 and 2')
    const message =
      'job_creation_info.scope.vector_fs_items[2].path.path_ids: expected array of strings; llm_provider: required (and 2 more)'
    expect(noticeText(new Error(message))).toBe(message)
    expect(noticeText(new Error('body: malformed JSON'))).toBe('malformed JSON')
    expect(noticeText(new Error('The node did not answer'))).toBe('The node did not answer')
    expect(noticeText(new ApiFailure(401, 'Unauthorized', 'missing or wrong bearer token', []))).toBe(
      errorText(new ApiFailure(401, 'Unauthorized', 'x', []))
    )
  })

  it('a failed call carries status, reason phrase, message and the fields a 400 names', async () => {
    const client = createClient({
      kind: 'ipc',
      request: () =>
        Promise.resolve({
          status: 400,
          body: { code: 400, error: 'Bad Request', message: 'id: expected 1-64 characters; model: expected exactly one provider kind key' }
        }),
      onEvent: () => () => {}
    })
    const err = await client.call('health_check').catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ApiFailure)
    const f = err as ApiFailure
    expect([f.status, f.error, f.fieldPaths]).toEqual([400, 'Bad Request', ['id', 'model']])
    expect(f.fieldMessage('model')).toBe('expected exactly one provider kind key')
  })

  it("a field's sentence ends with its full stop whether or not another field's error followed it in the message", () => {
    const message = 'id: Enter an id: letters, digits, _ and -, up to 64 characters; model: Choose a model.'
    const f = new ApiFailure(400, 'Bad Request', message, ['id', 'model'])
    expect(f.fieldMessage('id')).toBe('Enter an id: letters, digits, _ and -, up to 64 characters.')
    expect(f.fieldMessage('model')).toBe('Choose a model.')
    // Not a sentence (a schema's word): left as it is.
    expect(new ApiFailure(400, 'Bad Request', 'model: required; id: required', ['model', 'id']).fieldMessage('model')).toBe('required')
  })

  it('a transport that throws becomes status 0 with a readable message', async () => {
    const client = createClient({
      kind: 'http',
      request: async () => Promise.reject(new Error('connection refused')),
      onEvent: () => () => {}
    })
    await expect(client.call('health_check')).rejects.toMatchObject({ status: 0, message: 'The node did not answer (connection refused)' })
  })

  it("a browser's bare 'Failed to fetch' is left out of the sentence", async () => {
    const client = createClient({
      kind: 'http',
      request: async () => Promise.reject(new TypeError('Failed to fetch')),
      onEvent: () => () => {}
    })
    const err = (await client.call('health_check').catch((e: unknown) => e)) as ApiFailure
    expect(err.status).toBe(0)
    expect(err.message).toBe('The node did not answer. Check that Nodedesk is still running.')
    expect(err.message).not.toMatch(/fetch/i)
  })
})

describe('client requests', () => {
  it('sends the route’s method and path, leaving out query values that are undefined', async () => {
    const sent: unknown[] = []
    const client = createClient({
      kind: 'ipc',
      request: (req) => {
        sent.push(req)
        return Promise.resolve({ status: 200, body: [] })
      },
      onEvent: () => () => {}
    })
    await client.call('all_inboxes', { query: { show_hidden: 'true', include_scope: undefined } })
    expect(sent).toStrictEqual([{ method: 'GET', path: '/v2/all_inboxes', query: { show_hidden: 'true' }, body: undefined }])
  })

  it('only a 400 names fields: other errors keep their message but mark no field', async () => {
    const client = createClient({
      kind: 'ipc',
      request: () => Promise.resolve({ status: 409, body: { code: 409, error: 'Conflict', message: 'llm_provider_id: used by 2 jobs' } }),
      onEvent: () => () => {}
    })
    const err = (await client.call('health_check').catch((e: unknown) => e)) as ApiFailure
    expect([err.status, err.error, err.message, err.fieldPaths]).toEqual([409, 'Conflict', 'llm_provider_id: used by 2 jobs', []])
  })
})

describe('retryOnce (the window queries’ retry policy)', () => {
  const countingClient = (status: number) => {
    let calls = 0
    const client = createClient({
      kind: 'ipc',
      request: () => {
        calls++
        return Promise.resolve({ status, body: { code: status, error: 'x', message: `inbox_name: answered ${status}` } })
      },
      onEvent: () => () => {}
    })
    return { client, calls: () => calls }
  }
  const ask = async (status: number) => {
    const { client, calls } = countingClient(status)
    const qc = new QueryClient({ defaultOptions: { queries: { retry: retryOnce, retryDelay: 0 } } })
    await expect(
      qc.fetchQuery({ queryKey: ['x'], queryFn: () => client.call('get_inbox', { query: { inbox_name: 'job_inbox::nope::false' } }) })
    ).rejects.toMatchObject({ status })
    qc.clear()
    return calls()
  }

  it('a request the node calls wrong or naming nothing (400, 404, 413) is not asked again; a failure of the node is, once', async () => {
    expect(await ask(404)).toBe(1)
    expect(await ask(400)).toBe(1)
    expect(await ask(413)).toBe(1)
    expect(await ask(503)).toBe(2)
    expect(await ask(500)).toBe(2)
    expect(await ask(429)).toBe(2)
  })
})

describe('untilAborted', () => {
  it('answers as the work does until aborted; then rejects at once with the reason, and a later answer changes nothing', async () => {
    expect(await untilAborted(Promise.resolve('ok'), new AbortController().signal)).toBe('ok')
    await expect(untilAborted(Promise.reject(new Error('502')), new AbortController().signal)).rejects.toThrow('502')
    let answer!: (v: string) => void
    const stop = new AbortController()
    const waiting = untilAborted(new Promise<string>((r) => (answer = r)), stop.signal)
    stop.abort(new Error('cancelled'))
    await expect(waiting).rejects.toThrow('cancelled')
    answer('late')
    await expect(waiting).rejects.toThrow('cancelled')
    await expect(untilAborted(Promise.resolve('x'), stop.signal)).rejects.toThrow('cancelled') // aborted before it starts
  })
})

describe('a call given up', () => {
  /*
   * A question the node holds (a passage count asked after an upload) is given up once the window stops waiting. Over
   * IPC the bridge call cannot be cut: its answer is dropped, and the call ends at once with the reason, not as the
   * node's failure ("The node did not answer"). Over HTTP the connection is closed: upload-text-unknown.node.test.ts.
   */
  it('over IPC rejects at once with the reason, and a late answer changes nothing', async () => {
    let answer!: (reply: { status: number; json: string }) => void
    let asked = 0
    const client = createClient(
      bridgeTransport({
        request: () => {
          asked++
          return new Promise((r) => (answer = r))
        },
        onEvent: () => () => {}
      })
    )
    const stop = new AbortController()
    const call = client.call('vector_fs_passage_count', { query: { path: '/a.txt' }, signal: stop.signal })
    await expect.poll(() => asked).toBe(1)
    stop.abort(new DOMException('waited long enough', 'TimeoutError'))
    const err = await call.then(
      () => undefined,
      (e: unknown) => e
    )
    expect(err).toBeInstanceOf(DOMException)
    expect((err as DOMException).name).toBe('TimeoutError')
    answer({ status: 200, json: '{"passages":3}' })
    // Given up before it is sent: the bridge is not asked.
    await expect(client.call('vector_fs_passage_count', { query: { path: '/a.txt' }, signal: stop.signal })).rejects.toThrow(
      'waited long enough'
    )
    expect(asked).toBe(1)
  })
})
