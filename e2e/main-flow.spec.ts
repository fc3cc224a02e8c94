import { documentResource, remoteSharedFolder, vrkaiEntry } from '../test/support/fixtures'
import { expect, test } from './fixtures/node'
import { InboxListPage, InboxPage } from './pages/inbox'
import { NewJobPage } from './pages/new-job'
import { WizardPage } from './pages/wizard'

const vrkai = vrkaiEntry(documentResource('handbook'))
const vrpack = {
  vrpack: {
    embedding_models_used: { 'snowflake-arctic-embed:xs': 1 },
    folder_count: 1,
    metadata: {},
    name: 'Reports pack',
    resource: { Document: documentResource('pack-root') },
    version: 'V1',
    vrkai_count: 1
  }
}

test('from an empty data dir: set up a provider, edit it, create a job with every scope kind, talk, switch provider, reload', async ({
  page,
  node
}) => {
  await page.goto(node.uiUrl)
  // First run: no provider yet, so the wizard.
  await expect(page.getByRole('heading', { name: 'Add an LLM provider' })).toBeVisible()
  await expect(page).not.toHaveURL(/code=/) // the one-time code left the address bar
  const wizard = new WizardPage(page)
  node.fake.behaviour = { type: 'reply', chunks: ['OK'] }
  await wizard.chooseKind('OpenAI')
  await expect(page.getByLabel('API base URL')).toHaveValue('https://api.openai.com/v1') // the kind's default, editable
  await wizard.next()
  await expect(page.getByText('OpenAI needs an API key')).toBeVisible() // a hosted kind needs a key
  await wizard.connection(node.fake.url, 'sk-e2e-secret')
  await wizard.model('gpt-e2e')
  await wizard.identity('E2E GPT', ['web'])
  await expect(wizard.summary()).toContainText('E2E GPT')
  await wizard.showRequest()
  await expect(wizard.review()).toContainText('"id": "e2e-gpt"')
  await expect(wizard.review()).toContainText('"full_name": "@@localhost.sep-shinkai/main/agent/e2e-gpt"')
  await expect(wizard.review()).not.toContainText('sk-e2e-secret')
  await page.getByRole('button', { name: 'Test & add provider' }).click()
  // Added after a successful test call; the first run continues with a job.
  await expect(page.getByRole('heading', { name: 'New job' })).toBeVisible()
  expect(node.fake.requests.at(-1)!.headers.authorization).toBe('Bearer sk-e2e-secret')

  // Edit: the key field reads "unchanged" unless typed into.
  await page.getByRole('link', { name: 'Providers' }).click()
  await expect(page.getByTestId('provider-row-e2e-gpt')).toContainText('gpt-e2e')
  await page.getByRole('link', { name: 'Edit E2E GPT' }).click()
  await wizard.next()
  await expect(page.getByLabel(/^API key/)).toHaveAttribute('placeholder', 'unchanged')
  await wizard.next()
  await wizard.model('gpt-e2e-2')
  await wizard.next()
  await page.getByRole('button', { name: 'Test & save' }).click()
  await expect(page.getByTestId('provider-row-e2e-gpt')).toContainText('gpt-e2e-2')
  const [stored] = (await node.api<{ model: unknown; has_api_key: boolean }[]>('GET', '/v2/available_llm_providers')).body
  expect(stored).toMatchObject({ model: { OpenAI: { model_type: 'gpt-e2e-2' } }, has_api_key: true })

  // A job with one entry of each scope kind; the VectorFS ones picked from the library's tree.
  await node.api('POST', '/v2/create_folder', { path: '/', folder_name: 'My Files' })
  await node.api('POST', '/v2/create_folder', { path: '/My Files', folder_name: 'Contracts' })
  expect((await node.upload('/My Files', 'Q3 report.md', '# Q3\n\nRevenue grew by a tenth.')).status).toBe(200)
  await page.getByRole('link', { name: 'New job' }).click()
  const job = new NewJobPage(page)
  await job.pick(['My Files', 'Contracts'])
  await job.pick(['My Files', 'Q3 report.md'])
  await job.addNetworkFolder('@@other.sep-shinkai', 'remote', 'Shared', ['shared'])
  await job.importJson([
    { name: 'handbook.vrkai.json', json: vrkai },
    { name: 'reports.vrpack.json', json: vrpack }
  ])
  await expect(page.getByTestId('local-entry')).toHaveCount(2)
  await expect(page.getByTestId('local-entry').first()).toContainText('2 nodes · snowflake-arctic-embed:xs')
  await job.create()
  await expect(page).toHaveURL(/#\/inboxes\/job_inbox/)
  const inboxId = decodeURIComponent(new URL(page.url()).hash.replace('#/inboxes/', ''))
  const jobId = /^job_inbox::(.+)::false$/.exec(inboxId)![1]!
  const scope = (await node.api('GET', `/v2/get_job_scope?job_id=${jobId}`)).body
  expect(scope).toEqual({
    local_vrkai: [vrkai],
    local_vrpack: [vrpack],
    network_folders: [remoteSharedFolder(['shared'])],
    vector_fs_folders: [{ name: 'Contracts', path: { path_ids: ['My Files', 'Contracts'] } }],
    vector_fs_items: [
      {
        name: 'Q3 report.md',
        path: { path_ids: ['My Files', 'Q3 report.md'] },
        source: { Standard: { FileRef: { file_name: 'Q3 report.md', file_type: { Document: 'Md' }, text_chunking_strategy: 'V1' } } }
      }
    ]
  })

  // A message; the answer streams in, then becomes the row's preview.
  const inbox = new InboxPage(page)
  node.fake.behaviour = { type: 'reply', chunks: ['The ', 'handbook ', 'says ', 'yes.'], delayMs: 700 }
  await inbox.send('What does the handbook say?')
  await expect(inbox.questions()).toContainText(['What does the handbook say?'])
  await expect(inbox.streaming()).toContainText('The handbook')
  await expect(inbox.answers()).toHaveText(/The handbook says yes\./)
  await expect(inbox.streaming()).toHaveCount(0)
  await expect(inbox.title()).toHaveText('What does the handbook say?') // named after the first message
  await page.getByRole('link', { name: 'Inboxes' }).click()
  const list = new InboxListPage(page)
  await expect(list.previews()).toHaveText(['The handbook says yes.'])

  // Switch provider: the list shows the new one at once.
  await node.api('POST', '/v2/add_llm_provider', {
    id: 'local',
    model: { Ollama: { model_type: 'llama3.2' } },
    external_url: node.fake.url,
    perform_locally: true,
    allowed_message_senders: [],
    storage_bucket_permissions: [],
    toolkit_permissions: [],
    full_identity_name: {
      full_name: '@@localhost.sep-shinkai/main/agent/local',
      node_name: '@@localhost.sep-shinkai',
      profile_name: 'main',
      subidentity_name: 'local',
      subidentity_type: 'Agent'
    }
  })
  await list.rows().first().click()
  await inbox.switchProvider(/^local/)
  await page.getByRole('link', { name: 'Inboxes' }).click()
  await expect(list.rows().first()).toContainText('local')
  await expect(list.rows().first()).toContainText('llama3.2')

  // A reload (and a restart of the node) keeps everything.
  await node.restart()
  await page.goto(node.uiUrl)
  await expect(list.rows()).toHaveCount(1)
  await expect(list.rows().first()).toContainText('local')
  await expect(list.previews()).toHaveText(['The handbook says yes.'])
  await list.rows().first().click()
  await expect(inbox.answers()).toHaveText(/The handbook says yes\./)
})
