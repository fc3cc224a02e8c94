import type { Page } from '@playwright/test'
import { contrastOf } from './contrast'
import { expect, test } from './fixtures/node'
import { InboxPage } from './pages/inbox'
import { providerBody, seedJobs } from './seed'

/*
 * Issue 10, item 1: a 10 MB answer took 11 s to open and 500 MB crashed the tab. Answers now stop
 * at 1 MiB, and the window shows a long message's start with "Show all".
 */

/** From the hash change to the frame after the answer's heading is in the DOM, measured in the page. */
const openInbox = (page: Page, inboxId: string) =>
  page.evaluate(
    async (hash) => {
      const started = performance.now()
      location.hash = hash
      for (;;) {
        await new Promise((r) => requestAnimationFrame(r))
        if (document.querySelector('[data-testid="message-answer"] h3')) break
        if (performance.now() - started > 30_000) throw new Error('the answer never showed')
      }
      await new Promise((r) => requestAnimationFrame(r))
      return performance.now() - started
    },
    `#/inboxes/${encodeURIComponent(inboxId)}`
  )

test('an inbox whose answer reached the 1 MiB limit opens in under a second, with "Show all"', async ({ page, node }) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  // Three of each, each opened once (its messages not yet cached): the best of three is what the
  // page costs; one open alone took 341 to 1,088 ms on a loaded machine, a screenful 116 to 712.
  const [warmJob, ...measured] = await seedJobs(node, 'gpt', 7, 1)
  const shortJobs = measured.slice(0, 3)
  const longJobs = measured.slice(3)
  const longJob = longJobs[0]!
  const inboxOf = (jobId: string) => `job_inbox::${jobId}::false`
  const answerIn = async (jobId: string, text: string) => {
    node.fake.behaviour = { type: 'reply', chunks: text.match(/[\s\S]{1,65536}/g)! }
    expect((await node.api('POST', '/v2/job_message', { job_id: jobId, content: 'Write a lot' })).status).toBe(200)
    await expect
      .poll(async () => (await node.api<unknown[]>('POST', '/v2/last_messages', { inbox_name: inboxOf(jobId) })).body.length)
      .toBe(2)
  }
  // 1.2 MiB of Markdown in 64 KiB chunks: more than the node keeps.
  const paragraph = (i: number) => `Paragraph ${i} of a very long answer, with **bold** words and \`code\`.\n\n`
  let text = '# The long answer\n\n'
  for (let i = 0; text.length < 1.2 * 1024 * 1024; i++) text += paragraph(i)
  // The floor: a screenful of the same Markdown, which is what the long answer shows at first.
  for (const job of shortJobs) await answerIn(job, text.slice(0, 1800))
  await answerIn(warmJob!, '# Hello\n\nA first inbox to open.')
  for (const job of longJobs) await answerIn(job, text)

  await page.goto(node.uiUrl)
  await expect(page.getByTestId('inbox-row')).toHaveCount(7)
  // The first visit loads the inbox view's code; each measured inbox is then opened once, its messages not yet cached.
  await openInbox(page, inboxOf(warmJob!))
  const measure = async (jobId: string) => {
    await page.evaluate(() => (location.hash = '#/inboxes'))
    await expect(page.getByTestId('inbox-row')).toHaveCount(7)
    return openInbox(page, inboxOf(jobId))
  }
  // Long and short in turn, so that a busy moment of the machine stretches either kind alike.
  const longs: number[] = []
  const floors: number[] = []
  for (let i = 0; i < 3; i++) {
    longs.push(await measure(longJobs[i]!))
    floors.push(await measure(shortJobs[i]!))
  }
  const long = Math.min(...longs)
  const floor = Math.min(...floors)
  const ms = (t: number[]) => t.map((x) => Math.round(x)).join(', ')
  console.log(`first paint of an inbox: 1 MiB answer ${ms(longs)} ms, 1,800-character answer ${ms(floors)} ms (same run, in turn)`)
  // Under 1 s; on a machine so loaded that a screenful takes over 1/3 s, within 3 times that
  // (the whole 1 MiB as Markdown takes hundreds of times longer).
  expect(long).toBeLessThan(Math.max(1000, 3 * floor))

  await page.evaluate((h) => (location.hash = h), `#/inboxes/${encodeURIComponent(inboxOf(longJob))}`)
  const answer = new InboxPage(page).answers()
  await expect(answer.locator('h3')).toHaveText('The long answer')
  await expect(answer.getByTestId('show-all')).toHaveText('Show all (1.0 million characters more)')
  await expect(answer).toContainText('cut at the size limit')
  // White on orange read at 3.6:1; the marker reads at 4.5:1 or more.
  expect(await contrastOf(answer.getByText('cut at the size limit', { exact: true }))).toBeGreaterThanOrEqual(4.5)
  await expect(answer).not.toContainText("reached the node's limit of 1 MiB")
  await answer.getByTestId('show-all').click()
  await expect(answer).toContainText("The answer was cut here: it reached the node's limit of 1 MiB for one answer.", { timeout: 60_000 })
  await expect(page.getByRole('textbox', { name: 'Message', exact: true })).toBeEditable()
})
