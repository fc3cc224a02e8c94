// Needs Node (a real HTTP server on 127.0.0.1): named *.node.test.ts so a Node-typed config covers it.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { useLoopbackServer } from '../support/loopback-server'
import { useHappyWindows } from './happy-windows'
import { earlySession, firstScreenRequests, resetEarly, startEarly } from '../../src/renderer/src/api/early-start'
import { createClient } from '../../src/renderer/src/api/client'
import { inboxPagesQuery } from '../../src/renderer/src/api/inbox-pages'
import { pickTransport } from '../../src/renderer/src/api/transport'
import { INBOX_FILTERS_STORAGE } from '../../src/renderer/src/stores/inbox-filters-storage'

let seen: string[]

beforeEach(() => {
  seen = []
})
// Registered before the afterEach below, so that it closes after it (after-hooks run in reverse), as it did.
const local = useLoopbackServer(
  (req, res) => {
    req.resume()
    req.on('end', () => {
      seen.push(`${req.method} ${req.url}`)
      // The event stream stays open, as the node's does.
      if (req.url === '/v2/events') return void res.writeHead(200, { 'Content-Type': 'text/event-stream' }).write(': connected\n\n')
      res.writeHead(200, { 'Content-Type': 'application/json' })
      res.end(JSON.stringify({ inboxes: [], hasNextPage: false, total_count: 0, echo: req.url }))
    })
  },
  { perTest: true }
)
afterEach(() => {
  resetEarly()
})

const openWindow = useHappyWindows()

describe('the first screen starts before the app has loaded (headless mode)', () => {
  it('trades the code first, then asks for health, providers and both lists’ first pages; the app takes each answer once', async () => {
    const win = openWindow(`${local.url}/#code=early-code`)
    startEarly(win)
    expect(win.location.hash).toBe('') // the code left the address at once
    await earlySession()
    await expect.poll(() => seen.length).toBe(5)
    expect(seen[0]).toBe('POST /v2/session')
    expect(seen.slice(1).sort()).toEqual(
      [
        'GET /v2/health_check',
        'GET /v2/available_llm_providers',
        'GET /v2/all_inboxes_paginated?limit=50&show_hidden=false&pinned=true',
        'GET /v2/all_inboxes_paginated?limit=50&show_hidden=false&pinned=false'
      ].sort()
    )

    // The app, loaded later, uses the same session and those answers: nothing is sent again.
    const transport = pickTransport(win)
    const client = createClient(transport)
    const query = inboxPagesQuery(client, { showHidden: false, pinned: true })
    const page = await query.queryFn({ pageParam: undefined })
    expect(page).toMatchObject({ total_count: 0, echo: '/v2/all_inboxes_paginated?limit=50&show_hidden=false&pinned=true' })
    await client.call('health_check')
    expect(seen).toHaveLength(5)
    // Taken once: the next read of the same page goes to the node.
    await query.queryFn({ pageParam: undefined })
    expect(seen).toHaveLength(6)
    expect(seen.filter((s) => s === 'POST /v2/session')).toHaveLength(1)
  })

  it('the first event stream after early reads catches up as a reconnect does (a change in between sent no event here)', async () => {
    const win = openWindow(`${local.url}/#code=c`)
    startEarly(win)
    const resumed: string[] = []
    const stop = pickTransport(win).onEvent(
      () => {},
      () => resumed.push('caught up')
    )
    await expect.poll(() => resumed).toEqual(['caught up'])
    await new Promise((r) => setTimeout(r, 100))
    expect(seen.filter((s) => s === 'GET /v2/events')).toHaveLength(1) // caught up on the first connect, not a second
    stop()
  })

  it('asks for hidden inboxes too when the list was last left showing them', () => {
    const win = openWindow(`${local.url}/`)
    win.localStorage.setItem(INBOX_FILTERS_STORAGE, JSON.stringify({ state: { showHidden: true, search: '' }, version: 0 }))
    startEarly(win)
    return expect.poll(() => seen.filter((s) => s.includes('show_hidden=true'))).toHaveLength(2)
  })

  it('without a code sends no trade (the cookie of an earlier visit may hold); the desktop window sends nothing early', async () => {
    startEarly(openWindow(`${local.url}/#/inboxes`))
    await expect.poll(() => seen.length).toBe(4)
    expect(seen.some((s) => s.includes('/v2/session'))).toBe(false)

    resetEarly()
    seen = []
    const desktop = openWindow(`${local.url}/#code=unused`)
    Object.assign(desktop, { nodedesk: { request: () => Promise.resolve({ status: 200, body: null }), onEvent: () => () => {} } })
    startEarly(desktop)
    expect(earlySession()).toBeUndefined()
    expect(desktop.location.hash).toBe('#code=unused')
    await new Promise((r) => setTimeout(r, 50))
    expect(seen).toEqual([])
  })

  it('builds the same URLs the client sends (an early answer is matched by its URL text)', () => {
    expect(firstScreenRequests(false).map((r) => r.query)).toEqual([
      {},
      {},
      { limit: '50', show_hidden: 'false', pinned: 'true' },
      { limit: '50', show_hidden: 'false', pinned: 'false' }
    ])
  })
})
