import { expect, test } from './fixtures/node'
import { InboxListPage } from './pages/inbox'
import { emptyScope, providerBody } from './seed'

test('inbox list: empty state leads to New job; the node searches names and messages; hidden jobs on demand', async ({ page, node }) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  await node.api('POST', '/v2/add_llm_provider', providerBody('local', node.fake.url, 'Ollama', 'llama3.2'))
  await page.goto(node.uiUrl)
  const list = new InboxListPage(page)

  await expect(page.getByText('No inboxes yet')).toBeVisible()
  await page.getByRole('link', { name: 'Create a job' }).click()
  await expect(page.getByRole('heading', { name: 'New job' })).toBeVisible()

  const create = async (provider: string, hidden = false) =>
    (
      await node.api<{ job_id: string }>('POST', '/v2/create_job', {
        llm_provider: provider,
        job_creation_info: { scope: emptyScope, is_hidden: hidden }
      })
    ).body.job_id
  const answered = async (jobId: string, question: string, answer: string) => {
    node.fake.behaviour = { type: 'reply', chunks: [answer] }
    await node.api('POST', '/v2/job_message', { job_id: jobId, content: question })
    await expect
      .poll(async () => (await node.api<unknown[]>('POST', '/v2/last_messages', { inbox_name: `job_inbox::${jobId}::false` })).body.length)
      .toBe(2)
  }
  await answered(await create('gpt'), 'Plan the offsite', 'Book the venue by Friday 🎉')
  await answered(await create('local'), 'Invoice questions', 'The invoice is due in 30 days.')
  const hiddenJob = await create('gpt', true)
  await node.api('POST', '/v2/update_smart_inbox_name', { inbox_name: `job_inbox::${hiddenJob}::false`, custom_name: 'Secret hidden job' })

  await page.getByRole('link', { name: 'Inboxes' }).click()
  await expect(list.rows()).toHaveCount(2)
  await expect(list.previews()).toHaveText(['The invoice is due in 30 days.', 'Book the venue by Friday 🎉'])

  const search = page.getByLabel('Search inboxes')
  await search.fill('venue') // an answer's words
  await expect(list.rows()).toHaveCount(1)
  await expect(list.rows().first()).toContainText('Plan the offsite')
  await expect(list.rows().first().locator('mark')).toHaveText('venue')
  await search.fill('🎉') // an emoji is a word too
  await expect(list.rows()).toHaveCount(1)
  await expect(list.rows().first()).toContainText('Plan the offsite')
  await expect(list.rows().first().locator('mark')).toHaveText('🎉')
  await search.fill('invoice') // a question's words
  await expect(list.rows()).toHaveCount(1)
  await expect(list.rows().first()).toContainText('Invoice questions')
  await search.fill('nothing like this')
  await expect(page.getByText('No inbox matches “nothing like this”.')).toBeVisible()
  await page.getByRole('button', { name: 'Clear search' }).click()
  await expect(list.rows()).toHaveCount(2)

  await page.getByRole('switch', { name: 'Show hidden' }).check()
  await expect(list.rows()).toHaveCount(3)
  await expect(page.getByRole('link', { name: /^Secret hidden job/ })).toBeVisible()
  await page.reload() // the filters are kept
  await expect(page.getByRole('switch', { name: 'Show hidden' })).toBeChecked()
  await expect(list.rows()).toHaveCount(3)
})

/*
 * A middle-click on a row of the inbox list followed its link into a new browser tab (in Electron, which
 * denies new windows, nothing happened): it opens the conversation in place, as a plain click does.
 */
test('a middle-click on a row of the inbox list opens that conversation in place, no new tab', async ({ page, node }) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  const { job_id } = (
    await node.api<{ job_id: string }>('POST', '/v2/create_job', { llm_provider: 'gpt', job_creation_info: { scope: emptyScope } })
  ).body
  await node.api('POST', '/v2/update_smart_inbox_name', { inbox_name: `job_inbox::${job_id}::false`, custom_name: 'Budget review' })
  await page.goto(node.uiUrl)
  const opened: string[] = []
  page.context().on('page', (p) => opened.push(p.url()))
  await page.getByTestId('inbox-row').filter({ hasText: 'Budget review' }).click({ button: 'middle' })
  await expect(page.getByTestId('inbox-title')).toHaveText('Budget review')
  await page.waitForTimeout(300)
  expect(opened).toEqual([])
  expect(page.context().pages()).toHaveLength(1)
})
