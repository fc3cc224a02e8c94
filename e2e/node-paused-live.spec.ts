import { expect, test } from './fixtures/node'
import { showJobInbox } from './pages/inbox'
import { providerBody, seedJobs } from './seed'

/*
 * A node that stops answering for a while (its process paused: a laptop asleep, a debugger) and then
 * answers again: once the "not answering" notice goes, what a script does shows in the open window at
 * once. A paused process keeps the event stream's connection open, so this passes without the stream
 * reconnecting; a stream broken by the outage (its backoff grown to 16 s) is covered with a real HTTP
 * server by test/renderer/node-back-events.test.tsx: a node restarted on the same port forgets the tab's
 * session, so no tab can show a message then.
 */
test('a node paused for 20 s: a message a script sends right after it answers again shows in the open window within 3 s', async ({
  page,
  node
}) => {
  test.setTimeout(90_000)
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  const [jobId] = await seedJobs(node, 'gpt', 1)
  await page.goto(node.uiUrl)
  await showJobInbox(page, jobId!)
  await expect(page.getByTestId('inbox-title')).toBeVisible()

  const banner = page.getByTestId('node-down-banner')
  node.serve.child.kill('SIGSTOP')
  try {
    await expect(banner).toBeVisible({ timeout: 5_000 })
    await page.waitForTimeout(20_000)
  } finally {
    node.serve.child.kill('SIGCONT')
  }
  await expect(banner).toBeHidden({ timeout: 5_000 })

  const res = await node.api('POST', '/v2/job_message', { job_id: jobId, content: 'Sent by a script right after the pause' })
  expect(res.status).toBe(200)
  await expect(page.getByTestId('message-question').filter({ hasText: 'Sent by a script right after the pause' })).toBeVisible({
    timeout: 3_000
  })
  await expect(page.getByTestId('session-ended-banner')).toHaveCount(0)
})
