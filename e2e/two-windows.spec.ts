import type { Page } from '@playwright/test'
import { expect, test, type HeadlessNode } from './fixtures/node'
import { InboxPage, showJobInbox } from './pages/inbox'
import { providerBody, seedJobs } from './seed'

test('two windows on one conversation: a question sent in one streams in both, Stop in the other ends it in both, Regenerate there shows 2/2 in both, nothing twice', async ({
  page,
  node
}) => {
  const { a, b, failed } = await twoWindows(page, node)
  await expect(b.page.getByRole('textbox', { name: 'Message', exact: true })).toBeVisible()

  // Asked in A; the answer stalls half-way: both windows show the question once and the words so far
  // (not ending in “s”: the node holds back a tail that may be the start of the provider's key, sk-e2e).
  node.fake.behaviour = { type: 'stall', chunks: ['Blue, ', 'or perhaps red'] }
  await a.send('Name a colour')
  for (const w of [a, b]) {
    await expect(w.streaming()).toContainText('Blue, or perhaps red')
    await expect(w.questions()).toHaveCount(1)
  }

  // Stopped from B: A's answer ends too, kept and marked stopped.
  await b.page.getByRole('button', { name: 'Stop', exact: true }).click()
  for (const w of [a, b]) {
    await expect(w.streaming()).toHaveCount(0)
    await expect(w.answers()).toContainText(['stopped'])
  }

  // Regenerated from B: both windows show the new answer as 2/2, the question still once.
  node.fake.behaviour = { type: 'reply', chunks: ['Green.'] }
  await b.page.getByRole('button', { name: 'Regenerate' }).click()
  for (const w of [a, b]) {
    await expect(w.answers()).toHaveText([/Green\./])
    await expect(w.page.getByTestId('answer-position')).toHaveText('2/2')
    await expect(w.questions()).toHaveCount(1)
  }

  // A asks again while B's composer is idle: one question each, in order, in both windows.
  await a.send('And another?')
  for (const w of [a, b]) {
    await expect(w.questions()).toHaveText([/Name a colour/, /And another\?/])
    await expect(w.answers()).toHaveText([/Green\./, /Green\./])
  }
  expect(failed).toEqual([])
})

test('two windows: a question sent in one while the other regenerates waits for that answer, then is answered; both windows agree', async ({
  page,
  node
}) => {
  const { a, b, failed } = await twoWindows(page, node)
  node.fake.behaviour = { type: 'reply', chunks: ['Red.'] }
  await a.send('Name a colour')
  await expect(b.answers()).toHaveText([/Red\./])

  // B regenerates; its answer stalls. A asks meanwhile.
  node.fake.queue.push({ type: 'stall', chunks: ['Yellow, ', 'or maybe'] }, { type: 'reply', chunks: ['Ten.'] })
  await b.page.getByRole('button', { name: 'Regenerate' }).click()
  await expect(a.streaming()).toContainText('Yellow, or maybe')
  await a.send('Name a number')
  for (const w of [a, b]) await expect(w.questions()).toHaveText([/Name a colour/, /Name a number/])

  // A stops the regenerated answer: the waiting question is answered next, in both windows.
  await a.page.getByRole('button', { name: 'Stop', exact: true }).click()
  for (const w of [a, b]) {
    await expect(w.answers()).toHaveText([/Yellow, or maybe/, /Ten\./])
    await expect(w.page.getByTestId('answer-position')).toHaveText('2/2')
    await expect(w.streaming()).toHaveCount(0)
  }
  expect(failed).toEqual([])
})

/** The same conversation open in two windows of one browser profile; requests that fail and page errors are gathered. */
async function twoWindows(page: Page, node: HeadlessNode) {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  const [jobId] = await seedJobs(node, 'gpt', 1)
  const failed: string[] = []
  const windows = [page, await page.context().newPage()]
  for (const w of windows) {
    w.on('requestfailed', (r) => failed.push(`${r.url()}: ${r.failure()?.errorText}`))
    w.on('pageerror', (e) => failed.push(`page error: ${e.message}`))
    await w.goto(node.uiUrl)
    await showJobInbox(w, jobId!)
  }
  const [a, b] = windows.map((w) => new InboxPage(w)) as [InboxPage, InboxPage]
  return { a, b, failed }
}
