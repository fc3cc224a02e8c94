import { expect, test } from './fixtures/node'
import { InboxPage } from './pages/inbox'
import { providerBody, seedJobs } from './seed'

test('Regenerate answers the same question again: "2/2" with the new answer, "1/2" shows the first, a third streams in; the question is not repeated', async ({
  page,
  node
}) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  const [jobId] = await seedJobs(node, 'gpt', 1)
  const inboxId = `job_inbox::${jobId}::false`
  await page.goto(node.uiUrl)
  await page.evaluate((h) => (location.hash = h), `#/inboxes/${encodeURIComponent(inboxId)}`)
  const inbox = new InboxPage(page)

  node.fake.behaviour = { type: 'reply', chunks: ['First ', 'answer.'] }
  await inbox.send('Name a colour')
  await expect(inbox.answers()).toHaveText([/First answer\./])
  await expect(page.getByTestId('answer-nav')).toHaveCount(0)

  node.fake.behaviour = { type: 'reply', chunks: ['Second ', 'answer.'] }
  await page.getByRole('button', { name: 'Regenerate' }).click()
  await expect(inbox.answers()).toHaveText([/Second answer\./])
  await expect(page.getByTestId('answer-position')).toHaveText('2/2')
  await expect(inbox.questions()).toHaveCount(1)

  await page.getByRole('button', { name: 'Earlier answer' }).click()
  await expect(page.getByTestId('answer-position')).toHaveText('1/2')
  await expect(inbox.answers()).toHaveText([/First answer\./])

  // A regenerated answer streams into view although its question already has answers, and Stop keeps it.
  await page.getByRole('button', { name: 'Later answer' }).click()
  node.fake.behaviour = { type: 'stall', chunks: ['Third, ', 'partly'] }
  await page.getByRole('button', { name: 'Regenerate' }).click()
  await expect(inbox.streaming()).toContainText('Third, partly')
  await page.getByRole('button', { name: 'Stop', exact: true }).click()
  await expect(page.getByTestId('answer-position')).toHaveText('3/3')
  await expect(inbox.answers()).toContainText(['stopped'])

  // The node kept every answer to the one question.
  const stored = (
    await node.api<{ job_message: { content: string; parent: string } }[]>('POST', '/v2/last_messages', { inbox_name: inboxId })
  ).body
  expect(stored.map((m) => m.job_message.content)).toEqual(['Name a colour', 'First answer.', 'Second answer.', 'Third, partly'])
})
