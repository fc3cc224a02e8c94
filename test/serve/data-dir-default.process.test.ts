import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { provider } from '../support/fixtures'
import { killAll, startServe, type ServeProcess } from '../support/serve-process'
import { tempDir } from '../support/node'

/*
 * api-contract.md, headless mode: data lives in <data-dir> (default: NODEDESK_DATA_DIR, else the
 * platform's user-data folder). Checked on `npm run serve` as a child process.
 */

const TOKEN = 'data-dir-token'
let envDir: string
let flagDir: string
const cleanups: (() => void)[] = []
const running: ServeProcess[] = []
beforeEach(() => {
  const env = tempDir('nodedesk-env-dir-')
  const flag = tempDir('nodedesk-flag-dir-')
  envDir = env.dir
  flagDir = flag.dir
  cleanups.push(env.cleanup, flag.cleanup)
})
afterEach(async () => {
  await killAll(running)
  for (const c of cleanups.splice(0)) c()
})

async function serve(args: string[]) {
  const p = await startServe(['--port', '0', ...args], { NODEDESK_DATA_DIR: envDir, NODEDESK_API_TOKEN: TOKEN })
  running.push(p)
  return p
}
const addProvider = (p: ServeProcess, id: string) =>
  fetch(`${p.url}/v2/add_llm_provider`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(provider(id))
  })
const providerIds = async (p: ServeProcess) =>
  (
    (await (await fetch(`${p.url}/v2/available_llm_providers`, { headers: { Authorization: `Bearer ${TOKEN}` } })).json()) as {
      id: string
    }[]
  ).map((e) => e.id)

describe('npm run serve: where the data lives', () => {
  it('without --data-dir, in NODEDESK_DATA_DIR; with it, in the folder given, whatever the variable says', async () => {
    const fromEnv = await serve([])
    expect(fromEnv.output()).toContain(`(data: ${envDir})`)
    expect((await addProvider(fromEnv, 'in-env')).status).toBe(200)
    fromEnv.child.kill('SIGTERM')
    expect(await fromEnv.exited).toBe(0)
    expect(existsSync(join(envDir, 'secret.key'))).toBe(true)

    const fromFlag = await serve(['--data-dir', flagDir])
    expect(fromFlag.output()).toContain(`(data: ${flagDir})`)
    expect(await providerIds(fromFlag)).toEqual([])
    expect((await addProvider(fromFlag, 'in-flag')).status).toBe(200)
    fromFlag.child.kill('SIGINT')
    expect(await fromFlag.exited).toBe(0)

    const again = await serve([])
    expect(await providerIds(again)).toEqual(['in-env'])
  })
})
