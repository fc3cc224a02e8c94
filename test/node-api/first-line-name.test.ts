import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startHttpServer, type HttpServer } from '../../src/main/transports/http'
import { createJobBody, provider } from '../support/fixtures'
import { useTestNode } from '../support/node'

/*
 * The first message of a job still named by default names its inbox after its first line (up to
 * 120 characters), over HTTP on 127.0.0.1. A line ended by a lone CR, NEL, a vertical tab, a form
 * feed or a line or paragraph separator ran on into the next lines' text.
 */

const TOKEN = 'first-line-name'
const node = useTestNode()
let server: HttpServer

beforeEach(async () => {
  server = await startHttpServer({ router: node.router, token: TOKEN, port: 0, log: node.log })
  await call('POST', '/v2/add_llm_provider', provider('gpt'))
})
afterEach(async () => {
  await server.close()
})

async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${TOKEN}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body)
  })
  expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBe(200)
  return res.json()
}

/** The name a new job's inbox has after `content` is its first message. */
async function nameAfter(content: string): Promise<string> {
  const { job_id } = (await call('POST', '/v2/create_job', createJobBody('gpt'))) as { job_id: string }
  await call('POST', '/v2/job_message', { job_id, content })
  const inbox = (await call('GET', `/v2/get_inbox?inbox_name=${encodeURIComponent(`job_inbox::${job_id}::false`)}`)) as {
    custom_name: string
  }
  return inbox.custom_name
}

describe('the inbox name a first message gives', () => {
  it.each([
    ['a lone CR', '\r'],
    ['NEL', '\u0085'],
    ['a vertical tab', '\v'],
    ['a form feed', '\f'],
    ['a line separator', '\u2028'],
    ['a paragraph separator', '\u2029'],
    ['CRLF', '\r\n'],
    ['LF', '\n']
  ])('ends the first line at %s', async (_name, end) => {
    expect(await nameAfter(`Quarterly budget review${end}Second line with details${end}Third`)).toBe('Quarterly budget review')
  })

  it('is the first line with something on it, trimmed: blank lines and a line of spaces before it are passed over', async () => {
    expect(await nameAfter('\n\r\n   \u2029\u0085\t\u00a0\n   Plan the launch  \nthen the rest')).toBe('Plan the launch')
  })

  it('a message of nothing but blanks and line ends leaves the default name', async () => {
    expect(await nameAfter(' \n\u0085\u2028\t ')).toBe('New job with gpt')
  })

  it('takes 120 characters at most, counted in code points, never cutting one apart', async () => {
    // 130 emoji outside the Basic Multilingual Plane: 260 UTF-16 units.
    const astral = await nameAfter('😀'.repeat(130))
    expect(astral).toBe('😀'.repeat(120))
    expect(astral).not.toMatch(/\p{Cs}/u)
    // A family emoji is five code points joined by ZWJs: 118 + 5 is past 120, so it is left out whole.
    const family = '👩\u200d👩\u200d👧'
    expect(await nameAfter('a'.repeat(118) + family + ' and more')).toBe('a'.repeat(118))
    expect(await nameAfter('a'.repeat(115) + family + ' and more')).toBe('a'.repeat(115) + family)
    // An accent written as a combining mark stays with its letter.
    expect(await nameAfter('a'.repeat(119) + 'e\u0301 café')).toBe('a'.repeat(119))
  })
})
