import { expect, type Page } from '@playwright/test'
import { inboxRoute } from '../conversation-probe'
import type { HeadlessNode } from '../fixtures/node'
import { nameJobInbox, providerBody, seedJobs } from '../seed'

export class InboxPage {
  constructor(readonly page: Page) {}
  title = () => this.page.getByTestId('inbox-title')
  answers = () => this.page.getByTestId('message-answer')
  questions = () => this.page.getByTestId('message-question')
  streaming = () => this.page.getByTestId('streaming-answer')

  async send(text: string) {
    await this.page.getByRole('textbox', { name: 'Message', exact: true }).fill(text)
    await this.page.keyboard.press('Enter')
  }

  async switchProvider(optionName: RegExp) {
    await this.page.getByRole('combobox', { name: 'Provider' }).click()
    await this.page.getByRole('option', { name: optionName }).click()
  }
}

export class InboxListPage {
  constructor(readonly page: Page) {}
  rows = () => this.page.getByTestId('inbox-row')
  previews = () => this.page.getByTestId('inbox-preview')
}

/** Shows the inbox of job `jobId` in the window already open on `page`. */
export const showJobInbox = (page: Page, jobId: string) =>
  page.evaluate((h) => (location.hash = h), inboxRoute(`job_inbox::${jobId}::false`))

/** Registers provider `gpt` on the node's fake LLM, creates one job for it and opens that job's inbox. */
export async function openNewJobInbox(page: Page, node: HeadlessNode): Promise<InboxPage> {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  const [jobId] = await seedJobs(node, 'gpt', 1)
  await page.goto(node.uiUrl)
  await showJobInbox(page, jobId!)
  return new InboxPage(page)
}

/**
 * Registers provider `gpt` on the node's fake LLM, creates one job per name in `names` with its inbox so named,
 * and opens the one named `open` from the inbox list, as an operator does. Answers the jobs' ids in `names`' order.
 */
export async function openNamedConversation(page: Page, node: HeadlessNode, names: readonly string[], open: string): Promise<string[]> {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  const ids = await seedJobs(node, 'gpt', names.length)
  await Promise.all(names.map((name, i) => nameJobInbox(node, ids[i]!, name)))
  await page.goto(node.uiUrl)
  await page.getByTestId('inbox-row').filter({ hasText: open }).click()
  await expect(page.getByTestId('inbox-title')).toHaveText(open)
  return ids
}
