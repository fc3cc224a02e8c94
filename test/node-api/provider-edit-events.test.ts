import { afterEach, expect, it } from 'vitest'
import type { NodeEvent } from '../../src/shared/contract/events'
import type { Inbox } from '../../src/shared/contract/inbox'
import { MAX_INBOXES_TOLD_OF_EDIT } from '../../src/main/node-api/handlers/providers'
import { seedBacklog } from '../support/answer-backlog'
import { provider } from '../support/fixtures'
import { addProvider, createJob, startTestNode, tempDir, useTestNode, type TestNode } from '../support/node'

/*
 * Every Inbox shows its provider's agent (`agent`: its identity name, id and model), read from the
 * provider when the inbox is read. Editing the provider's name or model changed every one of its
 * inboxes, and no inbox_changed said so: a client patching its rows from the events kept the old
 * agent. The inboxes are told, a bounded number of them (a provider may answer 100,000 inboxes).
 */

const node = useTestNode()
type Changed = Extract<NodeEvent, { type: 'inbox_changed' }>['data']

function inboxEvents(n: TestNode): Changed[] {
  const seen: Changed[] = []
  n.ctx.bus.subscribe((e) => void (e.type === 'inbox_changed' && seen.push(e.data)))
  return seen
}

it("editing a provider's model or name tells each of its inboxes, with the new agent; other providers' inboxes and other edits tell none", async () => {
  await addProvider(node, 'p1')
  await addProvider(node, 'other')
  const mine = [await createJob(node, 'p1'), await createJob(node, 'p1')].map((j) => `job_inbox::${j}::false`)
  await createJob(node, 'other')
  const seen = inboxEvents(node)

  const edited = provider('p1', { model: { OpenAI: { model_type: 'gpt-4.1' } } })
  expect(await node.post('/v2/modify_llm_provider', edited)).toMatchObject({ status: 200 })
  expect(seen.map((e) => e.inbox_id).sort()).toEqual([...mine].sort())
  for (const e of seen) expect((e.inbox as Inbox).agent).toMatchObject({ id: 'p1', model: { OpenAI: { model_type: 'gpt-4.1' } } })

  // Only the address: nothing any inbox shows has changed.
  seen.length = 0
  const moved = provider('p1', { model: { OpenAI: { model_type: 'gpt-4.1' } }, external_url: 'http://127.0.0.1:9/v1' })
  expect(await node.post('/v2/modify_llm_provider', moved)).toMatchObject({ status: 200 })
  expect(seen).toEqual([])
})

let seeded: TestNode | undefined
let cleanup = () => {}
afterEach(async () => {
  await seeded?.close()
  seeded = undefined
  cleanup()
})

it(
  'a provider with more inboxes than the bound tells the most recently active of them, the bound at most',
  { timeout: 60_000 },
  async () => {
    const t = tempDir()
    cleanup = t.cleanup
    await seedBacklog(t.dir, 'http://127.0.0.1:9/v1', MAX_INBOXES_TOLD_OF_EDIT + 300, 0)
    seeded = startTestNode(t.dir)
    const top = ((await seeded.get('/v2/all_inboxes_paginated', { limit: '50' })).body as { inboxes: Inbox[] }).inboxes
    expect(top.length).toBe(50)
    const seen = inboxEvents(seeded)
    const renamed = provider('slow', {
      external_url: 'http://127.0.0.1:9/v1',
      full_identity_name: {
        full_name: '@@localhost.sep-shinkai/main/agent/renamed',
        node_name: '@@localhost.sep-shinkai',
        profile_name: 'main',
        subidentity_name: 'renamed',
        subidentity_type: 'Agent'
      }
    })
    expect(await seeded.post('/v2/modify_llm_provider', renamed)).toMatchObject({ status: 200 })
    expect(seen.length).toBe(MAX_INBOXES_TOLD_OF_EDIT)
    expect(new Set(seen.map((e) => e.inbox_id)).size).toBe(seen.length)
    const told = new Set(seen.map((e) => e.inbox_id))
    for (const inbox of top) expect(told.has(inbox.inbox_id), inbox.inbox_id).toBe(true)
    expect((seen[0]!.inbox as Inbox).agent.full_identity_name).toMatchObject({ subidentity_name: 'renamed' })
  }
)
