import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { HttpServer } from '../../src/main/transports/http'
import { postJson } from '../support/http-post'
import { addProvider, createJob, dbFingerprint, serveUploadsOverHttp, useTestNode } from '../support/node'

const TOKEN = 'whole-number-token'
const node = useTestNode()
let server: HttpServer

beforeEach(async () => {
  server = await serveUploadsOverHttp(node, TOKEN, 1024 * 1024)
})
afterEach(() => server.close())

describe('a fraction where a whole number is expected, over HTTP', () => {
  it('is a 400 that names the field and says a whole number is expected, giving the value sent', async () => {
    await addProvider(node, 'p1')
    const jobId = await createJob(node, 'p1')
    const before = dbFingerprint(node.store)
    const config = { custom_prompt: '', temperature: 0.7, top_k: 2.5, top_p: 0.9, stream: true }
    const cases: [string, unknown, string][] = [
      ['/v2/last_messages', { inbox_name: `job_inbox::${jobId}::false`, limit: 1.5 }, 'limit: expected a whole number, got 1.5'],
      ['/v2/update_job_config', { job_id: jobId, config }, 'config.top_k: expected a whole number, got 2.5'],
      ['/v2/search_items', { search: 'rent', max_results: 3.25 }, 'max_results: expected a whole number, got 3.25']
    ]
    for (const [path, body, message] of cases) {
      const res = await postJson(server.url, TOKEN, path, body)
      // Before: "limit: expected int, got number", which says a number is wrong where a number is due.
      expect(res, path).toEqual({ status: 400, body: { code: 400, error: 'Bad Request', message } })
    }
    expect(dbFingerprint(node.store)).toBe(before)
  })
})
