import { seriousViolations } from './axe'
import { expect, test } from './fixtures/node'
import { InboxPage } from './pages/inbox'
import { NewJobPage } from './pages/new-job'
import { WizardPage } from './pages/wizard'
import { providerBody, seedJobs } from './seed'

for (const scheme of ['light', 'dark'] as const) {
  test(`no serious or critical accessibility issue on any screen (${scheme})`, async ({ page, node }) => {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' })
    await page.goto(node.uiUrl)
    await expect(page.getByRole('heading', { name: 'Add an LLM provider' })).toBeVisible()
    await page.waitForTimeout(300)
    expect(await seriousViolations(page), 'first-run wizard').toEqual([])
    // The wizard's model step (the server's models as checkboxes) and its review summary.
    const wizard = new WizardPage(page)
    await wizard.chooseKind('OpenAI-compatible server')
    await wizard.connection(`${node.fake.url}/v1`)
    await wizard.chooseModels(['gpt-e2e', 'gpt-e2e-2'])
    await page.waitForTimeout(300)
    expect(await seriousViolations(page), 'wizard: models').toEqual([])
    await wizard.next()
    await wizard.next()
    await wizard.showRequest()
    await page.waitForTimeout(300)
    expect(await seriousViolations(page), 'wizard: review').toEqual([])

    await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
    const [jobId] = await seedJobs(node, 'gpt', 3)
    await node.api('POST', '/v2/job_message', { job_id: jobId, content: 'Hello there' })
    await node.api('POST', '/v2/create_folder', { path: '/', folder_name: 'Contracts' })
    const screens: [string, string, string][] = [
      ['#/providers', 'Providers', 'providers'],
      ['#/providers/gpt/edit', 'Edit provider “gpt”', 'edit provider'],
      ['#/jobs/new', 'New job', 'new job'],
      ['#/inboxes', 'Inboxes', 'inboxes'],
      ['#/files', 'Files', 'files'],
      ['#/settings', 'Settings', 'settings'],
      [`#/inboxes/${encodeURIComponent(`job_inbox::${jobId}::false`)}`, 'Hello there', 'inbox']
    ]
    for (const [hash, heading, name] of screens) {
      await page.evaluate((h) => (location.hash = h), hash)
      await expect(page.getByRole('heading', { name: heading })).toBeVisible()
      await page.waitForTimeout(300)
      expect(await seriousViolations(page), name).toEqual([])
    }
    // The list of keyboard shortcuts, opened by its key from the conversation's page.
    await page.getByRole('main').focus()
    await page.keyboard.press('Shift+?')
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible()
    await page.waitForTimeout(300)
    expect(await seriousViolations(page), 'keyboard shortcuts').toEqual([])
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeHidden()
  })
}

test('an answer with sources and a file that failed: the chips are links, and the inbox, Files and Settings have no serious issue in either theme', async ({
  page,
  node
}) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', `${node.fake.url}/v1`))
  const text = '# Holidays\n\nEveryone gets 27 days of paid holiday.\n\n## Sick leave\n\nA note is needed after 3 days.'
  expect((await node.upload('/', 'handbook.md', text)).status).toBe(200)
  await page.goto(node.uiUrl)
  await page.getByRole('link', { name: 'New job' }).first().click()
  const job = new NewJobPage(page)
  await job.pick(['handbook.md'])
  await job.create()
  const inbox = new InboxPage(page)
  node.fake.behaviour = { type: 'reply', chunks: ['27 days.'] }
  await inbox.send('How many days of holiday?')
  await expect(inbox.answers()).toHaveText(/27 days/)
  // Links to the passages, reached and opened from the keyboard like any link.
  const chips = page.getByRole('list', { name: 'Sources' }).getByRole('link')
  await expect(chips).toHaveCount(2)
  const inboxHash = new URL(page.url()).hash
  // The fake has no embeddings endpoint: the file fails once a model is set.
  expect((await node.api('POST', '/v2/update_default_embedding_model', { provider_id: 'gpt', model: 'embed-e2e' })).status).toBe(200)
  await expect.poll(async () => (await node.api<{ failed: number }>('GET', '/v2/vector_fs_file_states')).body.failed).toBe(1)

  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' })
    for (const [hash, ready, name] of [
      [inboxHash, page.getByRole('list', { name: 'Sources' }), 'inbox with sources'],
      ['#/files?path=%2Fhandbook.md', page.getByTestId('file-preview').getByRole('alert'), 'files: a failed file'],
      ['#/settings', page.getByRole('link', { name: 'Files page' }), 'settings: failed files']
    ] as const) {
      await page.evaluate((h) => (location.hash = h), hash)
      await expect(ready).toBeVisible()
      await page.waitForTimeout(300)
      expect(await seriousViolations(page), `${name} (${scheme})`).toEqual([])
    }
  }
})
