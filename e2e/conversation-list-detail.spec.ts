import { expect, test } from './fixtures/node'
import { showJobInbox } from './pages/inbox'
import { nameJobInbox, providerBody, seedJobs } from './seed'

/*
 * Conversations are named after their first message: three begun alike had identical rows in the
 * conversation list beside an open one. Each row says, on a second line, when the conversation last
 * changed and its last message, as the inbox list does.
 */
test('conversations named alike are told apart in the conversation list by their last message and its time', async ({ page, node }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', `${node.fake.url}/v1`))
  const ids = await seedJobs(node, 'gpt', 3, 1)
  const answers = ['Book the venue by Friday', 'The invoice is due in 30 days', 'Hiring starts in May']
  for (const [i, id] of ids.entries()) {
    await nameJobInbox(node, id, 'Hello there, tell me something')
    node.fake.behaviour = { type: 'reply', chunks: [answers[i]!] }
    await node.api('POST', '/v2/job_message', { job_id: id, content: 'Hello there, tell me something' })
    await expect
      .poll(async () => (await node.api<unknown[]>('POST', '/v2/last_messages', { inbox_name: `job_inbox::${id}::false` })).body.length)
      .toBe(2)
  }
  await page.goto(node.uiUrl)
  await showJobInbox(page, ids[0]!)
  const list = page.getByRole('navigation', { name: 'Conversations' })
  const links = list.getByRole('link')
  await expect(links).toHaveCount(3)
  // Newest first: each row names its conversation, then when it last changed and its last message.
  for (const [i, answer] of [...answers].reverse().entries()) {
    await expect(links.nth(i)).toContainText('Hello there, tell me something')
    await expect(links.nth(i).getByTestId('conversation-detail')).toHaveText(`now · ${answer}`)
    await expect(links.nth(i).locator('time')).toHaveAttribute('datetime', /^\d{4}-/)
  }
  // The second line fits in its row: the rows neither overlap nor are cut.
  for (let i = 0; i < 3; i++) {
    const detail = (await links.nth(i).getByTestId('conversation-detail').boundingBox())!
    const row = (await links.nth(i).boundingBox())!
    expect(detail.y + detail.height).toBeLessThanOrEqual(row.y + row.height)
    if (i < 2) expect(row.y + row.height).toBeLessThanOrEqual((await links.nth(i + 1).boundingBox())!.y)
  }
})
