import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { FileInfo } from '../../src/shared/contract/vector-fs'
import type { HttpServer } from '../../src/main/transports/http'
import { dbFingerprint, serveUploadsOverHttp, useTestNode } from '../support/node'

const TOKEN = 'datetime-token'
const node = useTestNode()
let server: HttpServer

beforeEach(async () => {
  server = await serveUploadsOverHttp(node, TOKEN, 1024 * 1024)
  expect((await node.post('/v2/create_folder', { path: '/', folder_name: 'Notes' })).status).toBe(200)
})
afterEach(() => server.close())

async function upload(filename: string, fileDatetime: string) {
  const form = new FormData()
  form.append('path', '/Notes')
  form.append('filename', filename)
  form.append('file_datetime', fileDatetime)
  form.append('file_data', new Blob(['minutes of the meeting']), filename)
  const res = await fetch(`${server.url}/v2/upload_file_to_folder`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${TOKEN}` },
    body: form
  })
  return { status: res.status, body: await res.json() }
}

describe('upload_file_to_folder file_datetime over HTTP', () => {
  it('refuses a date that does not exist or is not ISO 8601, naming the field, and stores nothing', async () => {
    const before = dbFingerprint(node.store)
    // Each was taken before: Feb 30 and Apr 31 rolled over into the next month, "1" became 2001.
    for (const value of ['2023-02-29T10:00:00Z', '2024-04-31', '2024-01-01T24:00:00Z', '1', '-1', 'March 5 2024', '12/31/2024']) {
      const res = await upload('a.txt', value)
      expect(res.status, `${value}: ${JSON.stringify(res.body)}`).toBe(400)
      expect(res.body).toMatchObject({ code: 400, error: 'Bad Request', message: expect.stringMatching(/^file_datetime: /) })
    }
    expect(dbFingerprint(node.store)).toBe(before)
  })

  it('refuses a date-time whose offset carries it out of the years 0000-9999, as the timestamps of every answer are YYYY-MM-DDTHH:MM:SS.mmmZ', async () => {
    const before = dbFingerprint(node.store)
    // Stored before as -000001-12-31T23:00:00.000Z and +010000-01-01T00:30:00.000Z.
    for (const value of ['0000-01-01T00:00:00+01:00', '9999-12-31T23:30:00-01:00']) {
      const res = await upload('edge.txt', value)
      expect(res.status, `${value}: ${JSON.stringify(res.body)}`).toBe(400)
      expect(res.body).toMatchObject({ code: 400, error: 'Bad Request', message: expect.stringMatching(/^file_datetime: /) })
    }
    expect(dbFingerprint(node.store)).toBe(before)
    // The first and last instants of the range are kept.
    for (const [i, value] of ['0000-01-01T00:00:00Z', '9999-12-31T23:59:59.999Z'].entries()) {
      const res = await upload(`range${i}.txt`, value)
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      expect((res.body as FileInfo).modified_time).toBe(value.replace(/:00Z$/, ':00.000Z'))
    }
  })

  it('keeps the date-time given in ISO 8601: with Z, with an offset, or a date alone', async () => {
    const cases: [string, string][] = [
      ['2024-02-29T10:00:00Z', '2024-02-29T10:00:00.000Z'],
      ['2024-03-01T10:00:00+05:00', '2024-03-01T05:00:00.000Z'],
      ['2024-03-01', '2024-03-01T00:00:00.000Z']
    ]
    for (const [i, [value, stored]] of cases.entries()) {
      const res = await upload(`ok${i}.txt`, value)
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      expect((res.body as FileInfo).modified_time).toBe(stored)
    }
  })
})
