import { expect, test } from './fixtures/node'
import { emptyScope, providerBody } from './seed'

test('inbox view: rename inline, edit the scope and the config, load older messages on scrolling up', async ({ page, node }) => {
  // Wide enough for the job's details (scope, config) beside the conversation; narrower, they are in a drawer.
  await page.setViewportSize({ width: 1600, height: 800 })
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  const { job_id: jobId } = (
    await node.api<{ job_id: string }>('POST', '/v2/create_job', { llm_provider: 'gpt', job_creation_info: { scope: emptyScope } })
  ).body
  const inboxId = `job_inbox::${jobId}::false`
  // 60 questions and answers: more than one page (50) of messages.
  node.fake.behaviour = { type: 'reply', chunks: ['ok'] }
  // A conversation: each question once the one before is answered (sent at once, they would all queue before the answers).
  for (let i = 1; i <= 30; i++) {
    await node.api('POST', '/v2/job_message', { job_id: jobId, content: `question ${i}` })
    await expect
      .poll(async () => (await node.api<unknown[]>('POST', '/v2/last_messages', { inbox_name: inboxId, limit: 500 })).body.length, {
        timeout: 20_000
      })
      .toBe(2 * i)
  }

  await page.goto(node.uiUrl)
  await page.evaluate((h) => (location.hash = h), `#/inboxes/${encodeURIComponent(inboxId)}`)
  await expect(page.getByTestId('message-question').last()).toContainText('question 30')

  // Older messages arrive when the reader scrolls to the top (the newest page holds 50 of the 60).
  const list = page.getByTestId('message-list')
  const firstQuestion = list.getByText('question 1', { exact: true })
  await expect(firstQuestion).toHaveCount(0)
  await expect(async () => {
    await list.evaluate((el) => el.scrollTo({ top: 0 }))
    await expect(firstQuestion).toBeVisible({ timeout: 500 })
  }).toPass({ timeout: 10_000 })
  await expect(page.getByTestId('message-question').first()).toHaveText(/^question 1you/)

  // Inline rename: Enter saves, Escape cancels.
  await page.getByRole('button', { name: 'Rename inbox' }).click()
  await page.getByLabel('Inbox name').fill('Renamed inbox')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('inbox-title')).toHaveText('Renamed inbox')
  await page.getByRole('button', { name: 'Rename inbox' }).click()
  await page.getByLabel('Inbox name').fill('Not this')
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('inbox-title')).toHaveText('Renamed inbox')

  // Edit scope: pick a library folder in the dialog, save, and the read-only tree counts it.
  await node.api('POST', '/v2/create_folder', { path: '/', folder_name: 'Contracts' })
  await page.getByRole('button', { name: 'Edit scope' }).click()
  const dialog = page.getByRole('dialog', { name: 'Edit scope' })
  await dialog.getByRole('checkbox', { name: 'Contracts', exact: true }).check()
  await dialog.getByRole('button', { name: 'Save scope' }).click()
  await expect(page.getByText('Library folders (1)')).toBeVisible()
  expect((await node.api('GET', `/v2/get_job_scope?job_id=${jobId}`)).body).toEqual({
    ...emptyScope,
    vector_fs_folders: [{ name: 'Contracts', path: { path_ids: ['Contracts'] } }]
  })

  // Job config: the system prompt is used by the next answer.
  await page.getByRole('button', { name: 'Edit config', exact: true }).click()
  const config = page.getByRole('dialog', { name: 'Job config' })
  await config.getByLabel('System prompt').fill('Answer in French.')
  await config.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Answer in French.')).toBeVisible()
  node.fake.behaviour = { type: 'reply', chunks: ['D’accord.'] }
  // Back at the bottom (the list was left at its top), so the answer is on screen.
  await list.evaluate((el) => el.scrollTo({ top: el.scrollHeight }))
  await page.getByRole('textbox', { name: 'Message', exact: true }).fill('One more')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('message-answer').last()).toContainText('D’accord.')
  const last = node.fake.requests.filter((r) => r.method === 'POST').at(-1)!
  expect((last.body!.messages as { role: string; content: string }[])[0]).toEqual({ role: 'system', content: 'Answer in French.' })
})
