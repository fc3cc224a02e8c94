import { join } from 'node:path'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createJobBody, provider } from '../support/fixtures'
import { startFakeLlm, type FakeLlm } from '../support/fake-llm'
import { tempDir } from '../support/node'
import { killAll, startServe, type ServeProcess } from '../support/serve-process'

/*
 * The debug log (--debug, or NODEDESK_DEBUG=1): the raw cause of what the operator is told in a
 * plain sentence (a PDF's parser error, a provider's error) goes to stderr, one timestamped line per
 * event, keys taken out; without it nothing more is printed. Against `npm run serve` as a child
 * process, a broken PDF uploaded over HTTP, a fake provider on 127.0.0.1 that echoes the key.
 */

const KEY = 'sk-debug-log-ECHOED-3f9a61c2'
const DEBUG_LINE = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z debug: /
let root: string
let cleanup: () => void
let fake: FakeLlm
const running: ServeProcess[] = []

beforeEach(async () => {
  ;({ dir: root, cleanup } = tempDir('nodedesk-debug-'))
  fake = await startFakeLlm()
})
afterEach(async () => {
  await killAll(running)
  await fake.close()
  cleanup()
})

async function serve(args: string[], env: NodeJS.ProcessEnv = {}) {
  const p = await startServe(['--port', '0', '--data-dir', join(root, 'data'), ...args], { NODEDESK_DEBUG: '', ...env })
  running.push(p)
  return p
}

async function post(p: ServeProcess, path: string, body: unknown) {
  const res = await fetch(`${p.url}${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${p.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body)
  })
  return { status: res.status, body: (await res.json()) as { message?: string } }
}

async function uploadBytes(p: ServeProcess, filename: string, data: Uint8Array) {
  const form = new FormData()
  form.append('path', '/')
  form.append('filename', filename)
  form.append('file_data', new Blob([Buffer.from(data)]), filename)
  const res = await fetch(`${p.url}/v2/upload_file_to_folder`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${p.token}` },
    body: form
  })
  return { status: res.status, body: (await res.json()) as { message?: string } }
}

/** A PDF cut off halfway: PDF.js refuses it in its own words, which the answer leaves out. */
async function brokenPdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create()
  pdf.addPage().drawText('Quarterly report', { x: 50, y: 700, size: 12, font: await pdf.embedFont(StandardFonts.Helvetica) })
  return (await pdf.save({ useObjectStreams: false })).slice(0, 400)
}

const debugLines = (p: ServeProcess) =>
  p
    .errors()
    .split('\n')
    .filter((l) => l.includes(' debug: '))

/** Until `done` holds: stderr is read as it comes, and a line may come just after the answer it belongs to. */
async function eventually(done: () => boolean, ms = 5000) {
  for (const start = Date.now(); !done() && Date.now() - start < ms;) await new Promise((r) => setTimeout(r, 20))
}

/** The events both runs go through: a broken PDF refused, a provider check refused with the key echoed. */
async function refusedUploadAndProvider(p: ServeProcess) {
  const refused = await uploadBytes(p, 'report.pdf', await brokenPdf())
  expect(refused).toEqual({
    status: 400,
    body: {
      code: 400,
      error: 'Bad Request',
      message: 'file_data: report.pdf could not be read: it is not a valid PDF file (it may be damaged or encrypted)'
    }
  })
  expect((await post(p, '/v2/add_llm_provider', provider('gpt', { external_url: fake.url, api_key: KEY }))).status).toBe(200)
  fake.behaviour = { type: 'status', status: 401, body: { error: { message: `Incorrect API key provided: ${KEY}.` } } }
  const checked = await post(p, '/v2/check_llm_provider', { llm_provider_id: 'gpt' })
  expect(checked.status).toBe(502)
  expect(checked.body.message).toContain('rejected the API key')
}

describe('the debug log', () => {
  it('--debug: one timestamped line naming the refused file and the parser cause; a provider error logged with its key taken out', async () => {
    const p = await serve(['--debug'])
    await refusedUploadAndProvider(p)
    await eventually(() => debugLines(p).some((l) => l.includes('provider call failed')))
    const lines = debugLines(p)
    for (const line of lines) expect(line).toMatch(DEBUG_LINE)
    const pdf = lines.filter((l) => l.includes('report.pdf'))
    expect(pdf).toHaveLength(1)
    // The sentence the operator got, then PDF.js's own words, which the answer left out.
    expect(pdf[0]).toMatch(
      /debug: upload refused: file_data: report\.pdf could not be read: it is not a valid PDF file .*: \w*(Exception|Error): \S/
    )
    const providerLines = lines.filter((l) => l.includes('provider call failed'))
    expect(providerLines).toHaveLength(1)
    // The server's own error, its echo of the key taken out.
    expect(providerLines[0]).toContain('Incorrect API key provided: [redacted]')
    expect(p.errors()).not.toContain(KEY)
    expect(p.errors()).not.toContain(KEY.slice(0, 12))
  })

  it("an answer's provider call, made on the provider thread, is logged from there with its key taken out", async () => {
    const p = await serve(['--debug'])
    expect((await post(p, '/v2/add_llm_provider', provider('gpt', { external_url: fake.url, api_key: KEY }))).status).toBe(200)
    fake.behaviour = { type: 'status', status: 401, body: { error: { message: `Incorrect API key provided: ${KEY}.` } } }
    const job = (await post(p, '/v2/create_job', createJobBody('gpt'))).body as { job_id?: string }
    expect((await post(p, '/v2/job_message', { job_id: job.job_id, content: 'When is the lease due?' })).status).toBe(200)
    await eventually(() => debugLines(p).some((l) => l.includes('provider call failed')), 15_000)
    const providerLines = debugLines(p).filter((l) => l.includes('provider call failed'))
    expect(providerLines).toHaveLength(1)
    expect(providerLines[0]).toMatch(DEBUG_LINE)
    expect(providerLines[0]).toContain('Incorrect API key provided: [redacted]')
    expect(p.errors()).not.toContain(KEY.slice(0, 12))
    // Nor the question sent (the request's body).
    expect(p.errors()).not.toContain('When is the lease due?')
  })

  it('NODEDESK_DEBUG=1 turns it on as --debug does', async () => {
    const p = await serve([], { NODEDESK_DEBUG: '1' })
    expect((await uploadBytes(p, 'scan.pdf', await brokenPdf())).status).toBe(400)
    await eventually(() => debugLines(p).some((l) => l.includes('scan.pdf')))
    expect(debugLines(p).filter((l) => l.includes('scan.pdf'))).toHaveLength(1)
  })

  it('off by default: the same events print nothing more', async () => {
    const p = await serve([])
    await refusedUploadAndProvider(p)
    // Time for a line that would come late (none should).
    await new Promise((r) => setTimeout(r, 300))
    expect(debugLines(p)).toEqual([])
    expect(p.errors()).toBe('')
  })
})
