import { describe, expect, it } from 'vitest'
import { routes } from '../../src/shared/contract/routes'
import { expectError, useTestNode } from '../support/node'

const node = useTestNode()

describe('router', () => {
  it('health_check answers status, node name and version', async () => {
    expect(await node.get('/v2/health_check')).toEqual({
      status: 200,
      body: { status: 'ok', node_name: '@@localhost.sep-shinkai', version: '1.2.3-test' }
    })
  })

  it('answers 404 for an unknown path and 405 for a known path with the wrong method', async () => {
    expectError(await node.get('/v2/nope'), 404, 'path: no route /v2/nope')
    expectError(await node.post('/v2/all_inboxes', {}), 405, 'method')
    expectError(await node.get('/v2/add_llm_provider'), 405, 'method')
    expectError(await node.router.handle({ method: 'DELETE', path: '/v2/create_job' }), 405)
  })

  it('answers 400 for requests that are not requests', async () => {
    for (const req of [null, {}, { method: 1, path: '/v2/health_check' }, { method: 'GET', path: '/v2/all_inboxes', query: 'x' }]) {
      expectError(await node.router.handle(req as never), 400)
    }
  })

  it('every route of the table has a one-line description and a /v2 path', () => {
    for (const [name, route] of Object.entries(routes)) {
      expect(route.path, name).toMatch(/^\/v2\/[a-z_]+$/)
      expect(route.description.length, name).toBeGreaterThan(10)
      expect(route.description, name).not.toContain('\n')
    }
  })

  it('a handler that throws unexpectedly gives a 500 error body and a log line, not a crash', async () => {
    node.store.db.exec('DROP TABLE messages')
    const res = await node.get('/v2/all_inboxes')
    expect(res.status).toBe(200)
    const broken = await node.post('/v2/last_messages', { inbox_name: 'x' })
    expectError(broken, 404)
    node.store.db.exec('DROP TABLE inboxes')
    expectError(await node.get('/v2/all_inboxes'), 500, 'internal error')
    expect(node.log.lines.some((l) => l.includes('/v2/all_inboxes failed'))).toBe(true)
  })
})
