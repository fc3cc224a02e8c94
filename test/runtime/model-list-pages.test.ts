import { useLoopbackServer } from '../support/loopback-server'
import { describe, expect, it } from 'vitest'
import { listModels } from '../../src/main/runtime/provider-gateway'

/*
 * Gemini and Anthropic list their models in pages, as their API references describe: Gemini's
 * `models.list` sends 50 per page unless `pageSize` says otherwise (1000 at most) and a
 * `nextPageToken` while more follow; Anthropic's `GET /v1/models` sends 20 unless `limit` says
 * otherwise (1000 at most), with `has_more` and `last_id` for the `after_id` of the next page.
 * The wizard must offer every model, not the first page.
 */

const GEMINI_MODELS = Array.from({ length: 120 }, (_, i) => `gemini-model-${String(i).padStart(3, '0')}`)
const CLAUDE_MODELS = Array.from({ length: 45 }, (_, i) => `claude-model-${String(i).padStart(3, '0')}`)
/** A server that pages smaller than it is asked to (both APIs allow it), so pages must be followed. */
const SERVER_MAX_PAGE = 40

const local = useLoopbackServer((req, res) => {
  const url = new URL(req.url!, 'http://x')
  res.writeHead(200, { 'Content-Type': 'application/json' })
  if (url.pathname === '/v1beta/models') {
    const size = Math.min(Number(url.searchParams.get('pageSize') ?? 50), SERVER_MAX_PAGE)
    const start = Number(url.searchParams.get('pageToken') ?? 0)
    const page = GEMINI_MODELS.slice(start, start + size)
    const more = start + size < GEMINI_MODELS.length
    res.end(
      JSON.stringify({
        models: page.map((m) => ({ name: `models/${m}`, displayName: m })),
        ...(more ? { nextPageToken: String(start + size) } : {})
      })
    )
    return
  }
  const size = Math.min(Number(url.searchParams.get('limit') ?? 20), SERVER_MAX_PAGE)
  const after = url.searchParams.get('after_id')
  const start = after ? CLAUDE_MODELS.indexOf(after) + 1 : 0
  const page = CLAUDE_MODELS.slice(start, start + size)
  res.end(
    JSON.stringify({
      data: page.map((id) => ({ type: 'model', id, display_name: id, created_at: '2025-01-01T00:00:00Z' })),
      has_more: start + size < CLAUDE_MODELS.length,
      first_id: page[0] ?? null,
      last_id: page.at(-1) ?? null
    })
  )
})

describe('model lists served in pages', () => {
  it('Gemini: every page is read', async () => {
    const models = await listModels({ kind: 'Gemini', model: '', baseUrl: `${local.url}/v1beta`, apiKey: 'k-123456' }, 2000)
    expect(models.map((m) => m.id)).toEqual(GEMINI_MODELS)
  })

  it('Anthropic: every page is read', async () => {
    const models = await listModels({ kind: 'Claude', model: '', baseUrl: `${local.url}/v1`, apiKey: 'k-123456' }, 2000)
    expect(models.map((m) => m.id)).toEqual(CLAUDE_MODELS)
  })
})
