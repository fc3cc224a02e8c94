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

describe('route paths (the window calls the node through them, without the schemas)', () => {
  it('name exactly the routes of the table, each with its method and path', async () => {
    const { routePaths } = await import('../../src/shared/contract/route-paths')
    expect(Object.keys(routePaths).sort()).toEqual(Object.keys(routes).sort())
    for (const [name, route] of Object.entries(routes)) {
      expect(routePaths[name as keyof typeof routePaths]).toEqual({ method: route.method, path: route.path })
    }
  })

  it('the window needs no zod for its first screen: the modules it takes ids and paths from import none', async () => {
    const { readFile } = await import('node:fs/promises')
    for (const file of ['route-paths.ts', 'inbox-id.ts', 'model-kind.ts', 'vector-fs-names.ts']) {
      const source = await readFile(new URL(`../../src/shared/contract/${file}`, import.meta.url), 'utf8')
      const imports = [...source.matchAll(/^import (type )?.*from '([^']+)'/gm)].filter((m) => !m[1]).map((m) => m[2])
      expect(imports, file).toEqual([])
    }
  })
})
