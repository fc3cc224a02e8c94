import { describe, expect, it } from 'vitest'
import type { Handlers } from '../../src/main/node-api/handler-types'
import { routes } from '../../src/shared/contract/routes'
import { createHandlers } from '../../src/main/node-api/handlers'
import { useTestNode } from '../support/node'

describe('route table and handlers', () => {
  const node = useTestNode()

  it('a route without a handler does not compile (checked by tsc in npm test)', () => {
    // @ts-expect-error: every route of the table must have a handler
    const incomplete: Handlers = { health_check: () => ({ status: 'ok', node_name: 'n', version: 'v' }) }
    expect(Object.keys(incomplete)).toHaveLength(1)
  })

  it('createHandlers implements exactly the routes of the table', () => {
    expect(Object.keys(createHandlers(node.ctx)).sort()).toEqual(Object.keys(routes).sort())
  })
})
