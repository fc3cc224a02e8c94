import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { nameFromMessage } from '../../src/main/domain/job-rules'
import { MAX_MESSAGE_CONTENT_BYTES, tooDeepPath } from '../../src/shared/contract/limits'
import { SHOWS_NOTHING_CHARS, showsNothing } from '../../src/shared/contract/inbox-name-rules'
import { fullScope, provider } from '../support/fixtures'
import { messages } from '../support/answers'
import { addProvider, createJob, dbFingerprint, expectError, useTestNode } from '../support/node'

/*
 * Issue 10, items 1 and 5 through the transport-free router (what IPC calls): JSON nested
 * 5,000+ levels inside free-form fields gave a 500 (RangeError in JSON.stringify); message
 * content had no limit.
 */

const node = useTestNode({ setup: (n) => addProvider(n, 'gpt') })

const nested = (levels: number, leaf: unknown = 1): unknown => {
  let v = leaf
  for (let i = 0; i < levels; i++) v = i % 2 ? [v] : { k: v }
  return v
}

describe('JSON nesting', () => {
  it('5,000 levels inside a free-form scope field: 400 naming the field path, nothing stored, no 500', async () => {
    const scope = fullScope()
    ;(scope.vector_fs_items[0] as Record<string, unknown>).metadata = nested(5000)
    const before = dbFingerprint(node.store)
    const res = await node.post('/v2/create_job', { llm_provider: 'gpt', job_creation_info: { scope } })
    expectError(res, 400, /^job_creation_info\.scope\.vector_fs_items\[0\]\.metadata\[0\]\.k[^:]*…[^:]*: nested deeper than 256 levels/)
    expect(dbFingerprint(node.store)).toBe(before)
    expect(node.log.lines.join('\n')).not.toMatch(/RangeError|-> 500/)
  })

  it('in every route and in the query (IPC passes values, not text); 256 levels are still accepted', async () => {
    const jobId = await createJob(node, 'gpt')
    for (const [path, body] of [
      ['/v2/job_message', { job_id: jobId, content: 'hi', parent: nested(300) }],
      ['/v2/update_job_config', { job_id: jobId, config: { other_model_params: nested(100_000) } }],
      ['/v2/add_llm_provider', nested(257)]
    ] as const) {
      expectError(await node.post(path, body), 400, /nested deeper than 256 levels/)
    }
    expectError(await node.post('/v2/add_llm_provider', nested(257)), 400, /^k\[0\]\.k[^:]*: nested deeper than 256/)
    const deepQuery = await node.router.handle({ method: 'GET', path: '/v2/all_inboxes', query: { x: nested(400) } })
    expectError(deepQuery, 400, /^query\.x/)
    // 256 levels in all: the body object itself is level 1.
    const ok = await node.post('/v2/update_job_config', {
      job_id: jobId,
      config: { custom_prompt: '', temperature: 0.7, top_k: 40, top_p: 0.9, seed: 0, stream: true, other_model_params: nested(254) }
    })
    expect(ok.body).toBe('Successfully updated job config')
  })

  it('a cyclic value (possible over IPC) is too deep, not a hang or a crash', async () => {
    const cyclic: Record<string, unknown> = {}
    cyclic.self = cyclic
    expectError(await node.post('/v2/add_llm_provider', cyclic), 400, /^self\.self[.self]*…[.self]*: nested deeper/)
  })

  it('tooDeepPath walks 1,000,000 levels without recursion', () => {
    let v: unknown = 0
    for (let i = 0; i < 1_000_000; i++) v = [v]
    expect(tooDeepPath(v)).toMatch(/^(\[0\]){256}$/)
    expect(tooDeepPath(nested(256))).toBeUndefined()
  })

  it('tooDeepPath keeps one entry per level, not one per value: 3,000,000 objects in one array take no memory of their own', () => {
    const wide = Array.from({ length: 3_000_000 }, () => ({}))
    // Frames held while walking stay reachable until it returns: the heap right after counts them.
    const before = process.memoryUsage().heapUsed
    expect(tooDeepPath(wide)).toBeUndefined()
    // One frame object per element was about 190 MB here.
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(40 * 1024 * 1024)
    expect(tooDeepPath([...wide.slice(0, 10), [[nested(256)]]])).toMatch(/^\[10\]\[0\]\[0\]/)
  })
})

describe('bodies with many bad values', () => {
  it('a create_job scope of 1,000,000 bad entries is refused at once, naming the first, without building an error per entry', async () => {
    const scope = {
      local_vrkai: Array.from({ length: 1_000_000 }, (_, i) => i),
      local_vrpack: [],
      network_folders: [],
      vector_fs_folders: [],
      vector_fs_items: []
    }
    const before = dbFingerprint(node.store)
    global.gc?.()
    const heapBefore = process.memoryUsage().heapUsed
    const started = performance.now()
    const res = await node.post('/v2/create_job', { llm_provider: 'gpt', job_creation_info: { scope, is_hidden: false } })
    const ms = performance.now() - started
    const grew = process.memoryUsage().heapUsed - heapBefore
    expectError(res, 400, /^job_creation_info\.scope\.local_vrkai\[0\]/)
    // Every issue built: 2.1 s and 580 MB for this body here.
    expect(ms).toBeLessThan(1000)
    expect(grew).toBeLessThan(100 * 1024 * 1024)
    expect(dbFingerprint(node.store)).toEqual(before)
  })

  it('a small body still names every bad field (up to five) in one answer', async () => {
    const res = await node.post('/v2/add_llm_provider', { ...provider('many'), id: '', model: 5, allowed_message_senders: 7 })
    expect(res.status).toBe(400)
    const message = (res.body as { message: string }).message
    for (const field of ['id', 'model', 'allowed_message_senders']) expect(message).toContain(field)
  })
})

describe('message content limit', () => {
  it('content over 1 MiB of UTF-8 is 413 naming the limit; exactly 1 MiB is accepted', async () => {
    const jobId = await createJob(node, 'gpt')
    const inbox = `job_inbox::${jobId}::false`
    const before = dbFingerprint(node.store)
    // 'é' is 2 bytes: 524,288 of them are exactly 1 MiB; one more ASCII byte is over.
    const res = await node.post('/v2/job_message', { job_id: jobId, content: 'é'.repeat(MAX_MESSAGE_CONTENT_BYTES / 2) + 'x' })
    expectError(res, 413, 'content: larger than the 1 MiB limit (1,048,576 bytes of UTF-8)')
    expect(dbFingerprint(node.store)).toBe(before)
    const exact = 'é'.repeat(MAX_MESSAGE_CONTENT_BYTES / 2)
    expect((await node.post('/v2/job_message', { job_id: jobId, content: exact })).status).toBe(200)
    const [stored] = await messages(node, inbox)
    expect(stored!.job_message.content).toBe(exact)
  })
})

describe('stored fields copied into every read', () => {
  // Each was kept as given: a 16 MB provider name made every answer 8 MB and a page of 20 inboxes 320 MB;
  // a 40 MB custom_prompt or other_model_params went out with every read of the job's inbox.
  it("a provider identity's part over 255 characters is 400 naming it; 255 are accepted", async () => {
    const before = dbFingerprint(node.store)
    const long = 'n'.repeat(256)
    const body = provider('longname')
    const name = body.full_identity_name as { node_name: string; profile_name: string }
    const identity = { ...name, node_name: long, full_name: `${long}/main/agent/longname` }
    expectError(
      await node.post('/v2/add_llm_provider', { ...body, full_identity_name: identity }),
      400,
      /^full_identity_name\.node_name: must be at most 255 characters/
    )
    const profile = {
      ...name,
      profile_name: long,
      full_name: `${name.node_name}/${long}/agent/longname`
    }
    expectError(
      await node.post('/v2/add_llm_provider', { ...body, full_identity_name: profile }),
      400,
      /^full_identity_name\.profile_name: must be at most 255/
    )
    expect(dbFingerprint(node.store)).toBe(before)
    const fits = {
      ...name,
      node_name: long.slice(1),
      full_name: `${long.slice(1)}/${name.profile_name}/agent/longname`
    }
    expect((await node.post('/v2/add_llm_provider', { ...body, full_identity_name: fits })).status).toBe(200)
  })

  it('a job config whose custom_prompt is over 1 MiB, or whose other fields take over 64 KiB, is 413 naming the field; nothing stored', async () => {
    const jobId = await createJob(node, 'gpt')
    const config = { custom_prompt: '', temperature: 0.7, top_k: 40, top_p: 0.9, seed: 0, stream: true, other_model_params: null }
    const before = dbFingerprint(node.store)
    expectError(
      await node.post('/v2/update_job_config', {
        job_id: jobId,
        config: { ...config, custom_prompt: 'é'.repeat(MAX_MESSAGE_CONTENT_BYTES / 2 + 1) }
      }),
      413,
      /^config\.custom_prompt: larger than the 1 MiB limit/
    )
    expectError(
      await node.post('/v2/update_job_config', { job_id: jobId, config: { ...config, other_model_params: { stop: 'x'.repeat(70_000) } } }),
      413,
      /^config\.other_model_params: larger than the 65,536 bytes a job config.s fields other than custom_prompt may take/
    )
    expectError(
      await node.post('/v2/update_job_config', { job_id: jobId, config: { ...config, extra: Array.from({ length: 40_000 }, () => []) } }),
      413,
      /^config\.other_model_params: larger than the 65,536 bytes a job config.s fields other than custom_prompt may take/
    )
    expect(dbFingerprint(node.store)).toBe(before)
    const fits = { ...config, custom_prompt: 'é'.repeat(MAX_MESSAGE_CONTENT_BYTES / 2), other_model_params: { stop: 'x'.repeat(60_000) } }
    expect((await node.post('/v2/update_job_config', { job_id: jobId, config: fits })).body).toBe('Successfully updated job config')
  })

  it("create_job's associated_ui Sheet over 1,024 characters is 400 naming it", async () => {
    const before = dbFingerprint(node.store)
    const res = await node.post('/v2/create_job', {
      llm_provider: 'gpt',
      job_creation_info: { scope: fullScope(), associated_ui: { Sheet: 's'.repeat(1025) } }
    })
    expectError(res, 400, /^job_creation_info\.associated_ui\.Sheet: longer than 1,024 characters/)
    expect(dbFingerprint(node.store)).toBe(before)
  })
})

describe('inbox name from the first line', () => {
  /** The rule as the contract states it, written the plain way. */
  const reference = (content: string) => {
    // The first line that shows something (control and zero-width characters show nothing), from its first character that does.
    const line = content.split(/\r\n|[\n\r\v\f\u0085\u2028\u2029]/).find((l) => !showsNothing(l))
    if (line === undefined) return undefined
    const shown = line.replace(new RegExp(`^[\\s${SHOWS_NOTHING_CHARS}]+`), '').trimEnd()
    // Whole characters as people see them (an emoji's ZWJ sequence, a letter and its accent), 120 code points at most.
    let name = ''
    for (const { segment } of new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(shown)) {
      if ([...(name + segment)].length > 120) break
      name += segment
    }
    return name
  }

  it('matches the plain rule on any text', () => {
    const piece = fc.constantFrom(
      ...['a', 'é', 'e\u0301', '😀', '👩‍👩‍👧', ' ', '\t', '\u00a0', 'x y', '\u200b', '\u2060', '\u0000'],
      ...['\n', '\r\n', '\r', '\u2028', '\u2029', '\u0085', '\v', '\f']
    )
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 300 }), (pieces) => {
        const text = pieces.join('')
        expect(nameFromMessage(text)).toBe(reference(text))
      }),
      { numRuns: 2000 }
    )
    for (const text of [
      'a'.repeat(119) + ' '.repeat(5) + 'b',
      'a'.repeat(120) + '   ',
      ' \n  ' + '😀'.repeat(200),
      'a'.repeat(118) + '👩‍👩‍👧' + 'b'.repeat(300),
      '👩‍👩‍👧'.repeat(60),
      '\u200b\nReal question',
      ' \u2060\ufeff Hello'
    ]) {
      expect(nameFromMessage(text)).toBe(reference(text))
    }
  })

  it('a first message that shows nothing (a lone zero-width space, a NUL) leaves the inbox its name: the node takes no such name', async () => {
    for (const content of ['\u200b', '\u2060\ufeff', '\u0000']) {
      const jobId = await createJob(node, 'gpt')
      const inbox = `job_inbox::${jobId}::false`
      const before = ((await node.get('/v2/get_inbox', { inbox_name: inbox })).body as { custom_name: string }).custom_name
      expect((await node.post('/v2/job_message', { job_id: jobId, content })).status).toBe(200)
      const after = ((await node.get('/v2/get_inbox', { inbox_name: inbox })).body as { custom_name: string }).custom_name
      expect(after, JSON.stringify(content)).toBe(before)
      expect(after.startsWith('New job with')).toBe(true)
    }
  })

  it('reads only as far as it needs: a 60 MB single line takes milliseconds, not seconds', () => {
    // Flat, as JSON.parse makes it (a repeat() rope would be flattened inside the timing).
    const big = Buffer.from('word '.repeat(12_000_000)).toString()
    expect(nameFromMessage(big)).toBe('word '.repeat(24))
    // The fastest of a few calls: the first one alone took 5 ms here (warming up), and a loaded or slower
    // machine only adds to any one call. Splitting the whole line, as before, took 3.7-4.3 s every call.
    const times = Array.from({ length: 5 }, () => {
      const started = performance.now()
      nameFromMessage(big)
      return performance.now() - started
    })
    expect(Math.min(...times), `calls took ${times.map((ms) => ms.toFixed(2)).join(', ')} ms`).toBeLessThan(20)
  })
})
