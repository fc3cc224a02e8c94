import type { Page } from '@playwright/test'
import { expect, test, type HeadlessNode } from './fixtures/node'
import { openNewJobInbox } from './pages/inbox'

/*
 * Regenerate and Retry queue a question that already has a reply: until the provider's first
 * words, the view must show that an answer is coming (and offer Stop), as it does for a new
 * question. It showed nothing, so a slow provider looked like a click that did nothing.
 */

/** Opens a new job's inbox and asks one question, answered "First answer.". */
async function openWithFirstAnswer(page: Page, node: HeadlessNode) {
  const inbox = await openNewJobInbox(page, node)
  node.fake.behaviour = { type: 'reply', chunks: ['First answer.'] }
  await inbox.send('Name a colour')
  await expect(inbox.answers()).toHaveText([/First answer\./])
  return inbox
}

test('after Regenerate, the view waits for the provider with Stop until the first words; Stop keeps 2/2 as stopped', async ({
  page,
  node
}) => {
  const inbox = await openWithFirstAnswer(page, node)
  await expect(page.getByRole('button', { name: 'Stop', exact: true })).toHaveCount(0)

  node.fake.behaviour = { type: 'hang' }
  await page.getByRole('button', { name: 'Regenerate' }).click()
  await expect(page.getByText('Waiting for the provider…')).toBeVisible()
  await page.getByRole('button', { name: 'Stop', exact: true }).click()
  await expect(page.getByTestId('answer-position')).toHaveText('2/2')
  await expect(inbox.answers().last()).toContainText('stopped')
  await expect(page.getByText('Waiting for the provider…')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Stop', exact: true })).toHaveCount(0)
})

test('after Retry on an error note, the view waits for the provider until the answer comes', async ({ page, node }) => {
  const inbox = await openNewJobInbox(page, node)

  node.fake.behaviour = { type: 'status', status: 500, body: { error: { message: 'boom' } } }
  await inbox.send('Name a colour')
  const error = page.getByTestId('message-error')
  await expect(error).toContainText('boom')
  node.fake.behaviour = { type: 'reply', chunks: ['Blue', ', after a while.'], delayMs: 1500 }
  await error.getByRole('button', { name: 'Retry' }).click()
  await expect(page.getByText('Waiting for the provider…')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Stop', exact: true })).toBeVisible()
  await expect(inbox.answers().last()).toContainText('Blue, after a while.')
  await expect(page.getByText('Waiting for the provider…')).toHaveCount(0)
})

test('Regenerate on an earlier answer while another streams leaves the streaming answer as it is; the regenerated one follows', async ({
  page,
  node
}) => {
  const inbox = await openWithFirstAnswer(page, node)
  node.fake.behaviour = { type: 'stall', chunks: ['Streaming ', 'second'] }
  await inbox.send('Name a fruit')
  await expect(inbox.streaming()).toContainText('Streaming second')

  node.fake.behaviour = { type: 'reply', chunks: ['Again, first.'] }
  await page.getByRole('button', { name: 'Regenerate' }).first().click()
  // The answer being written is still on screen, whole.
  await expect(inbox.streaming()).toContainText('Streaming second')
  await page.getByRole('button', { name: 'Stop', exact: true }).click()
  await expect(page.getByTestId('answer-position')).toHaveText('2/2')
  await expect(inbox.answers()).toHaveText([/Again, first\./, /Streaming second/])
})

test('a provider that answers at once: after Regenerate nothing is left waiting once the new answer shows', async ({ page, node }) => {
  const inbox = await openWithFirstAnswer(page, node)
  for (const n of [2, 3, 4]) {
    node.fake.behaviour = { type: 'reply', chunks: [`Answer ${n}.`] }
    await page.getByRole('button', { name: 'Regenerate' }).click()
    await expect(page.getByTestId('answer-position')).toHaveText(`${n}/${n}`)
    await expect(inbox.answers()).toHaveText([new RegExp(`Answer ${n}\\.`)])
    await expect(page.getByText('Waiting for the provider…')).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Stop', exact: true })).toHaveCount(0)
  }
})
