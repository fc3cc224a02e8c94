import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { waitForAnswers } from '../support/answers'
import { addProvider, createJob, useFakeLlm, useTestNode } from '../support/node'

/*
 * A provider's address may carry its credential in the query (a Gemini `?key=`, a proxy's
 * `?api-key=`, an Azure Function's `?code=`). The node hid such values wherever it hands the address
 * out, but stored them as typed: the SQLite file and its WAL held the key in plain text, though the
 * API key beside it is encrypted. Now they are sealed at rest with the same box, opened for calls.
 * Real node, real SQLite file, real HTTP to a fake provider.
 */

const SECRET = 'AIzaQUERYSECRET0123456789'
const fake = useFakeLlm(['model-a'])
const node = useTestNode({ runtime: { timeouts: { firstChunkMs: 3000, idleMs: 3000 } } })

/** Every file of the data dir that holds `text` (the database, its WAL, anything else). */
const filesHolding = (text: string) =>
  readdirSync(node.dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
    .filter((f) => readFileSync(f).includes(text))

const storedJson = () =>
  (node.store.db.prepare('SELECT provider_json FROM providers WHERE id = ?').get('p1') as { provider_json: string }).provider_json

it('a secret in the address is not in any file of the data dir, and still goes to the provider with each call', async () => {
  await addProvider(node, 'p1', { external_url: `${fake.url}/v1?api-version=2024-10-21&api-key=${SECRET}`, api_key: 'sk-test' })
  expect(filesHolding(SECRET)).toEqual([])
  expect(storedJson()).toContain('api-version=2024-10-21')
  const listed = JSON.stringify((await node.get('/v2/available_llm_providers')).body)
  expect(listed).toContain('api-key=********')
  const jobId = await createJob(node, 'p1')
  await node.post('/v2/job_message', { job_id: jobId, content: 'Hi' })
  const [, answer] = await waitForAnswers(node, `job_inbox::${jobId}::false`, 1)
  expect(answer!.job_message.error ?? false).toBe(false)
  const chat = fake.requests.find((r) => r.method === 'POST')!
  expect(chat.path).toContain(`api-key=${SECRET}`)
  // Edited to another value, through the address as listed for the rest: sealed too, and the new value used.
  expect(
    (
      await node.post('/v2/modify_llm_provider', {
        ...providerBody(),
        external_url: `${fake.url}/v1?api-version=2025-01-01&api-key=${SECRET}2`
      })
    ).status
  ).toBe(200)
  expect(filesHolding(`${SECRET}2`)).toEqual([])
  expect((await node.post('/v2/check_llm_provider', { llm_provider_id: 'p1' })).status).toBe(200)
  expect(fake.requests.at(-1)!.path).toContain(`api-key=${SECRET}2`)
})

it('a secret stored in the address before sealing began is sealed when the node starts', async () => {
  await addProvider(node, 'p1', { external_url: `${fake.url}/v1?key=plain`, api_key: 'sk-test' })
  // As an older node stored it.
  node.store.db
    .prepare('UPDATE providers SET provider_json = ? WHERE id = ?')
    .run(storedJson().replace(/key=[^"&#]*/, `key=${SECRET}`), 'p1')
  expect(storedJson()).toContain(SECRET)
  // Another provider beside it, in the same page of the file.
  await addProvider(node, 'p2', { external_url: `${fake.url}/v1`, api_key: 'sk-test' })
  node.reopen()
  expect(storedJson()).not.toContain(SECRET)
  // Nor is the value as typed left in the file: not in the page the row was rewritten in, nor in the WAL.
  expect(filesHolding(SECRET)).toEqual([])
  node.reopen()
  expect(filesHolding(SECRET)).toEqual([])
  expect((await node.post('/v2/check_llm_provider', { llm_provider_id: 'p1' })).status).toBe(200)
  expect(fake.requests.at(-1)!.path).toContain(`key=${SECRET}`)
})

function providerBody() {
  return {
    allowed_message_senders: [],
    full_identity_name: {
      full_name: '@@localhost.sep-shinkai/main/agent/p1',
      node_name: '@@localhost.sep-shinkai',
      profile_name: 'main',
      subidentity_name: 'p1',
      subidentity_type: 'Agent'
    },
    id: 'p1',
    model: { OpenAI: { model_type: 'gpt-4o-mini' } },
    perform_locally: false,
    storage_bucket_permissions: [],
    toolkit_permissions: [],
    api_key: 'sk-test'
  }
}
