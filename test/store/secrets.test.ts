import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { aesFileSecretBox } from '../../src/main/store/secret-box'
import { loadOrCreateApiToken } from '../../src/main/transports/api-token'
import { provider } from '../support/fixtures'
import { addProvider, createJob, useTestNode } from '../support/node'

const KEY = 'sk-live-SECRET-4f9a1c2b7e'

const node = useTestNode()

function allFileBytes(): string {
  return readdirSync(node.dir)
    .map((f) => readFileSync(join(node.dir, f)).toString('latin1'))
    .join('\n')
}

it('the api key is never in a response, never in the SQLite files as plaintext, never in logs', async () => {
  await addProvider(node, 'gpt', { api_key: KEY })
  await node.post('/v2/modify_llm_provider', provider('gpt', { api_key: KEY + '-2' }))
  await node.post('/v2/add_llm_provider', provider('gpt', { api_key: KEY })) // 409
  await node.post('/v2/add_llm_provider', provider('bad', { api_key: KEY, model: {} })) // 400
  const jobId = await createJob(node, 'gpt')
  await node.post('/v2/job_message', { job_id: jobId, content: 'hi' })
  const responses = await Promise.all([
    node.get('/v2/available_llm_providers'),
    node.get('/v2/all_inboxes'),
    node.post('/v2/last_messages', { inbox_name: `job_inbox::${jobId}::false` })
  ])
  for (const res of responses) expect(JSON.stringify(res.body)).not.toContain('SECRET')
  node.store.db.pragma('wal_checkpoint(PASSIVE)')
  const bytes = allFileBytes()
  expect(bytes).not.toContain('SECRET')
  expect(Buffer.from(bytes, 'latin1').includes(Buffer.from('SECRET', 'utf16le'))).toBe(false)
  expect(node.log.lines.join('\n')).not.toContain('SECRET')
  // ...yet it is there for the runtime to use.
  expect(node.store.secrets.open(node.store.providers.get('gpt')!.api_key!)).toBe(KEY + '-2')
})

it('sealed keys are tamper-evident and bound to their key file', () => {
  const box = aesFileSecretBox(join(node.dir, 'secret.key'))
  const sealed = box.seal('hello')
  expect(box.open(sealed)).toBe('hello')
  const tampered = Buffer.from(sealed)
  tampered[tampered.length - 1]! ^= 1
  expect(() => box.open(tampered)).toThrow()
  const other = aesFileSecretBox(join(node.dir, 'other.key'))
  expect(() => other.open(sealed)).toThrow()
  expect(box.seal('hello').equals(sealed)).toBe(false) // fresh IV each time
})

it('the key file and the api token file are mode 0600', () => {
  aesFileSecretBox(join(node.dir, 'secret.key'))
  const token = loadOrCreateApiToken(node.dir, {})
  expect(statSync(join(node.dir, 'secret.key')).mode & 0o777).toBe(0o600)
  expect(statSync(join(node.dir, 'api-token')).mode & 0o777).toBe(0o600)
  expect(Buffer.from(token, 'base64url')).toHaveLength(32)
  expect(loadOrCreateApiToken(node.dir, {})).toBe(token)
  expect(loadOrCreateApiToken(node.dir, { NODEDESK_API_TOKEN: 'from-env' })).toBe('from-env')
})
