/**
 * npm run screenshots: every screen, light and dark, into docs/screenshots/ (for the README).
 * A real headless node on a temp data dir, seeded through its API, answers from a loopback fake.
 */
import { chromium, type Page } from '@playwright/test'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/browser'
import { documentResource } from '../test/support/fixtures'
import { startFakeLlm } from '../test/support/fake-llm'
import { startServe, uploadText } from '../test/support/serve-process'

const OUT = join(__dirname, '..', 'docs', 'screenshots')

async function main() {
  mkdirSync(OUT, { recursive: true })
  const dataDir = mkdtempSync(join(tmpdir(), 'nodedesk-shots-'))
  const fake = await startFakeLlm(['llama3.2', 'qwen2.5:7b'])
  const serve = await startServe(['--port', '0', '--data-dir', dataDir])
  const api = async <T = unknown>(path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${serve.url}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { Authorization: `Bearer ${serve.token}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body)
    })
    return (await res.json()) as T
  }
  const upload = async (folder: string, filename: string, text: string) => {
    const res = await uploadText(serve, folder, filename, text)
    if (res.status !== 200) throw new Error(`upload ${filename}: ${JSON.stringify(res.body)}`)
  }
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS })
  const shoot = async (name: string, hash: string, prepare?: (p: Page) => Promise<void>) => {
    for (const scheme of ['light', 'dark'] as const) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, colorScheme: scheme, reducedMotion: 'reduce' })
      await page.goto(await serve.newUiUrl()) // a code works once: one per page
      await page.evaluate((h) => (location.hash = h), hash)
      await page.waitForTimeout(700)
      // A screen whose code or data is still loading (a slow moment of the machine) is waited for: no spinner in the picture.
      const waited = Date.now()
      await page.waitForFunction(() => !document.querySelector('[aria-label^="Loading"]'), undefined, { timeout: 15_000 })
      if (Date.now() - waited > 50) console.log(`${name}-${scheme}: waited ${Date.now() - waited} ms for loading to end`)
      if (prepare) await prepare(page)
      await page.screenshot({ path: join(OUT, `${name}-${scheme}.png`) })
      await page.close()
    }
  }

  // The model step: the server's models listed, two of them ticked (one provider each).
  await shoot('wizard', '#/providers/new', async (p) => {
    await p.getByRole('radio', { name: 'OpenAI-compatible server' }).click()
    await p.getByRole('button', { name: 'Next' }).click()
    await p.getByLabel(/^API base URL/).fill(`${fake.url}/v1`)
    await p.getByRole('button', { name: 'Next' }).click()
    await p.getByTestId('models-listed').waitFor()
    for (const m of ['llama3.2', 'qwen2.5:7b']) await p.getByRole('checkbox', { name: m }).check()
    await p.mouse.move(0, 0)
    await p.waitForTimeout(200)
  })

  const identity = (id: string) => ({
    full_name: `@@localhost.sep-shinkai/main/agent/${id}`,
    node_name: '@@localhost.sep-shinkai',
    profile_name: 'main',
    subidentity_name: id,
    subidentity_type: 'Agent'
  })
  const base = { allowed_message_senders: [], storage_bucket_permissions: [], toolkit_permissions: [] }
  await api('/v2/add_llm_provider', {
    ...base,
    id: 'local-llama',
    name: 'Laptop Ollama',
    description: 'Runs on this machine',
    model: { Ollama: { model_type: 'llama3.2' } },
    external_url: fake.url,
    perform_locally: true,
    full_identity_name: identity('local-llama')
  })
  await api('/v2/add_llm_provider', {
    ...base,
    id: 'gpt-4o',
    name: 'Team proxy · gpt-4o-mini',
    model: { OpenAI: { model_type: 'gpt-4o-mini' } },
    external_url: fake.url,
    api_key: 'sk-demo',
    perform_locally: false,
    toolkit_permissions: ['web'],
    full_identity_name: identity('gpt-4o')
  })
  // The document library the jobs' scopes name, so answers cite their sources.
  await api('/v2/create_folder', { path: '/', folder_name: 'My Files' })
  await api('/v2/create_folder', { path: '/My Files', folder_name: 'Contracts' })
  await api('/v2/create_folder', { path: '/', folder_name: 'Release notes' })
  await upload(
    '/My Files',
    'Q3 report.md',
    '# Q3 report\n\nRevenue grew 12% quarter on quarter.\n\nChurn fell to 2.1%.\n\nHiring is behind plan in engineering: four of nine roles are filled.'
  )
  await upload(
    '/My Files/Contracts',
    'office lease.txt',
    'The office lease runs until March 2030. Rent is due on the first day of each month.'
  )
  await upload('/My Files/Contracts', 'vendor offer.md', '# Vendor offer\n\nA three-year support contract at a fixed yearly price.')
  await upload('/Release notes', '2.0.md', '# 2.0\n\nFaster start-up, streaming answers and clearer provider errors.')
  const scope = {
    local_vrkai: [
      {
        vrkai: {
          metadata: {},
          resource: { Document: documentResource('Employee handbook') },
          version: 'V1',
          sfm: { map: {}, source_files_count: 0 }
        }
      }
    ],
    local_vrpack: [],
    network_folders: [],
    vector_fs_folders: [{ name: 'Contracts', path: { path_ids: ['My Files', 'Contracts'] } }],
    vector_fs_items: [
      {
        name: 'Q3 report.md',
        path: { path_ids: ['My Files', 'Q3 report.md'] },
        source: { Standard: { FileRef: { file_name: 'Q3 report.md', file_type: { Document: 'Md' }, text_chunking_strategy: 'V1' } } }
      }
    ]
  }
  const talks: [string, string, string][] = [
    [
      'local-llama',
      'Summarise the Q3 report in three bullet points',
      '• Revenue grew 12% quarter on quarter.\n• Churn fell to 2.1%.\n• Hiring is behind plan in engineering.'
    ],
    [
      'gpt-4o',
      'Draft a polite reply declining the vendor offer',
      'Thank you for the proposal. After careful review we have decided not to proceed at this time.'
    ],
    [
      'local-llama',
      'What does the handbook say about remote work?',
      'Employees may work remotely up to three days a week, with their manager’s agreement.'
    ],
    [
      'gpt-4o',
      'Summarise the release notes for the team',
      'Three changes stand out:\n\n1. **Faster start-up**: the inbox list opens in under a second.\n2. **Streaming answers** appear as they are written.\n3. Provider errors now say *why*, e.g. `401`.\n\n| Area | Status |\n|---|---|\n| Desktop | ready |\n| Headless | ready |'
    ]
  ]
  let lastInbox = ''
  for (const [provider, question, answer] of talks) {
    const { job_id } = await api<{ job_id: string }>('/v2/create_job', { llm_provider: provider, job_creation_info: { scope } })
    fake.behaviour = { type: 'reply', chunks: [answer] }
    await api('/v2/job_message', { job_id, content: question })
    lastInbox = `job_inbox::${job_id}::false`
    for (let i = 0; i < 100; i++) {
      const ms = await api<unknown[]>('/v2/last_messages', { inbox_name: lastInbox })
      if (ms.length === 2) break
      await new Promise((r) => setTimeout(r, 30))
    }
  }
  await api('/v2/create_job', { llm_provider: 'gpt-4o', job_creation_info: { scope } })

  await shoot('inboxes', '#/inboxes')
  await shoot('inbox', `#/inboxes/${encodeURIComponent(lastInbox)}`)
  // Two more models of the proxy, added in one go as the wizard does; three checks: works, not working, never.
  await api('/v2/add_llm_providers', {
    providers: ['qwen2.5:7b', 'phi4'].map((model) => ({
      ...base,
      id: `team-proxy-${model.replace(/[^a-z0-9]+/g, '-')}`,
      name: `Team proxy · ${model}`,
      model: { OpenAI: { model_type: model } },
      external_url: `${fake.url}/v1`,
      perform_locally: false,
      full_identity_name: identity(`team-proxy-${model.replace(/[^a-z0-9]+/g, '-')}`)
    }))
  })
  fake.behaviour = { type: 'reply', chunks: ['OK'] }
  await api('/v2/check_llm_provider', { llm_provider_id: 'local-llama' })
  await api('/v2/check_llm_provider', { llm_provider_id: 'gpt-4o' })
  fake.behaviour = { type: 'status', status: 404, body: { error: { message: "model 'qwen2.5:7b' not found" } } }
  await api('/v2/check_llm_provider', { llm_provider_id: 'team-proxy-qwen2-5-7b' })
  await shoot('providers', '#/providers')
  await shoot('new-job', '#/jobs/new', async (p) => {
    const library = p.getByRole('region', { name: 'Library' })
    await library.getByRole('button', { name: 'Open My Files' }).click()
    await library.getByRole('checkbox', { name: 'Contracts', exact: true }).check()
    await library.getByRole('checkbox', { name: 'Q3 report.md' }).check()
    // The pointer off the tree: a row under it shows its hover background.
    await p.mouse.move(0, 0)
    await p.waitForTimeout(200)
  })
  // The preview of a file opened at a passage, as a source chip opens it.
  const hit = (await api<{ path: string; node_id: string }[]>('/v2/search_items', { search: 'rent due', path: '/My Files' }))[0]!
  await shoot('files', `#/files?path=${encodeURIComponent(hit.path)}&node=${encodeURIComponent(hit.node_id)}`, async (p) => {
    // The tree opens down to the previewed file by itself.
    await p.getByRole('textbox', { name: 'Search the library' }).fill('rent due')
    await p.keyboard.press('Enter')
    await p.getByTestId('search-result').first().waitFor()
  })
  await shoot('settings', '#/settings')

  await browser.close()
  serve.child.kill('SIGTERM')
  await serve.exited
  await fake.close()
  rmSync(dataDir, { recursive: true, force: true })
  console.log(`screenshots written to ${OUT}`)
}

void main().catch((err) => {
  console.error(err)
  process.exit(1)
})
