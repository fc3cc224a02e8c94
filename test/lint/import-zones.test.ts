// The layers in eslint.config.mjs, tried on imports that cross them and on imports that do not:
// a zone that never fires would let the layering drift while `npm run lint` stays green.
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'
import tseslint from 'typescript-eslint'

// Types are not needed to see an import: without them each file lints in milliseconds.
const eslint = new ESLint({ cwd: process.cwd(), overrideConfig: [tseslint.configs.disableTypeChecked] })

async function ruleIds(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return (result?.messages ?? []).map((m) => m.ruleId ?? `fatal: ${m.message}`)
}
const blocked = async (filePath: string, source: string) =>
  (await ruleIds(filePath, `import '${source}'\n`)).includes('no-restricted-imports')

// [file the import is written in, what it imports]
const crossing: [string, string][] = [
  ['src/shared/contract/job.ts', '../../main/store'],
  ['src/shared/contract/job.ts', 'node:fs'],
  ['src/shared/contract/job.ts', 'fs/promises'],
  ['src/shared/contract/job.ts', 'electron'],
  ['src/shared/bridge.ts', '../renderer/src/api/client'],
  ['src/renderer/src/api/client.ts', '../../../main/node-api'],
  ['src/renderer/src/api/client.ts', 'node:path'],
  ['src/renderer/src/api/client.ts', 'events'],
  ['src/renderer/src/api/client.ts', 'electron'],
  ['src/renderer/src/features/inboxes/InboxView.tsx', '../jobs/ScopeEditor'],
  ['src/renderer/src/features/inboxes/InboxView.tsx', '../../features/jobs/scope-entries'],
  ['src/main/store/jobs.ts', '../node-api'],
  ['src/main/store/jobs.ts', '../runtime/prompt'],
  ['src/main/store/jobs.ts', '../transports/http'],
  ['src/main/store/jobs.ts', '../domain/job-rules'],
  ['src/main/store/jobs.ts', 'electron'],
  ['src/main/runtime/answer-runtime.ts', '../node-api/context'],
  ['src/main/domain/message-chain.ts', '../node-api/errors'],
  ['src/main/domain/message-chain.ts', '../runtime/prompt'],
  ['src/main/node-api/handlers/jobs.ts', '../../store/jobs'],
  ['src/main/node-api/handlers/jobs.ts', '../../transports/http'],
  ['src/main/node-api/handlers/jobs.ts', 'electron'],
  ['src/main/transports/http.ts', 'electron'],
  ['src/main/transports/http.ts', '../store'],
  ['src/main/transports/ipc.ts', '../store/secret-box'],
  ['src/main/platform/clock.ts', '../store'],
  ['src/main/serve.ts', 'electron'],
  ['src/preload/index.ts', '../main/node-api']
]
const allowed: [string, string][] = [
  ['src/shared/contract/job.ts', '../provider-catalog'],
  ['src/shared/contract/job.ts', './events'],
  ['src/shared/contract/job.ts', 'zod'],
  ['src/shared/bridge.ts', './contract/events'],
  ['src/renderer/src/api/client.ts', '../../../shared/contract/routes'],
  ['src/renderer/src/api/client.ts', '../../../preload/index'],
  ['src/renderer/src/features/inboxes/InboxView.tsx', '../jobs'],
  ['src/renderer/src/features/inboxes/InboxView.tsx', './MessageList'],
  ['src/renderer/src/features/inboxes/InboxView.tsx', '../../api/queries'],
  ['src/renderer/src/app/App.tsx', '../features/inboxes/InboxView'],
  ['src/main/store/jobs.ts', './db'],
  ['src/main/store/db.ts', '../private-files'],
  ['src/main/runtime/answer-runtime.ts', '../domain/message-chain'],
  ['src/main/runtime/answer-runtime.ts', '../store/messages'],
  ['src/main/domain/message-chain.ts', '../store'],
  ['src/main/node-api/handlers/jobs.ts', '../../store'],
  ['src/main/node-api/handlers/jobs.ts', '../../domain/job-rules'],
  ['src/main/node-api/handlers/runtime.ts', '../../runtime/provider-gateway'],
  ['src/main/transports/http.ts', '../node-api'],
  ['src/main/transports/ipc.ts', 'electron'],
  ['src/main/index.ts', 'electron'],
  ['src/main/electron-secret-box.ts', 'electron'],
  ['src/main/electron-reader-process.ts', 'electron'],
  ['src/preload/index.ts', 'electron'],
  ['src/preload/index.ts', '../shared/bridge']
]

describe('import zones', () => {
  it.each(crossing)('%s may not import %s', async (file, source) => {
    expect(await blocked(file, source)).toBe(true)
  })
  it.each(allowed)('%s may import %s', async (file, source) => {
    const ids = await ruleIds(file, `import '${source}'\n`)
    expect(ids.filter((id) => id === 'no-restricted-imports' || id.startsWith('fatal'))).toEqual([])
  })
})

describe('disable comments', () => {
  it('need a reason after --', async () => {
    const file = 'src/main/serve-flags.ts'
    expect(await ruleIds(file, '// eslint-disable-next-line no-debugger\ndebugger\n')).toEqual(['nodedesk/disable-needs-reason'])
    expect(await ruleIds(file, '// eslint-disable-next-line no-debugger -- probing the rule\ndebugger\n')).toEqual([])
  })
})
