import { expect, test } from './fixtures/node'
import { InboxListPage } from './pages/inbox'
import { emptyScope, nameJobInbox, providerBody } from './seed'

/*
 * A confirmation stayed open when the page changed under it (the browser's Back, a link): "Delete 2
 * conversations?" confirmed with Enter on Files deleted them from there. It closes as a cancel.
 */
test('Back with "Delete 2 conversations?" open closes the question; nothing is deleted, and Enter on the page gone to deletes nothing', async ({
  page,
  node
}) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  for (const name of ['Alpha plans', 'Bravo budget', 'Charlie contract']) {
    const { job_id } = (
      await node.api<{ job_id: string }>('POST', '/v2/create_job', { llm_provider: 'gpt', job_creation_info: { scope: emptyScope } })
    ).body
    await nameJobInbox(node, job_id, name)
  }
  await page.goto(`${node.uiUrl}`)
  await page.evaluate(() => (location.hash = '#/files'))
  await expect(page.getByRole('heading', { name: 'Files' })).toBeVisible()
  await page.evaluate(() => (location.hash = '#/inboxes'))
  const list = new InboxListPage(page)
  await expect(list.rows()).toHaveCount(3)
  await page.getByRole('checkbox', { name: 'Select Alpha plans' }).click()
  await page.getByRole('checkbox', { name: 'Select Bravo budget' }).click()
  await page.getByRole('button', { name: 'Delete 2' }).click()
  const question = page.getByRole('dialog', { name: 'Delete 2 conversations?' })
  await expect(question).toBeVisible()
  await page.goBack()
  await expect(page.getByRole('heading', { name: 'Files' })).toBeVisible()
  await expect(question).toHaveCount(0)
  await page.keyboard.press('Enter')
  await page.waitForTimeout(500)
  const inboxes = await node.api<unknown[]>('GET', '/v2/all_inboxes')
  expect(inboxes.status).toBe(200)
  expect(inboxes.body).toHaveLength(3)
})
