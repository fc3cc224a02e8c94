import { expect, test } from './fixtures/node'
import { openNewJobInbox } from './pages/inbox'

/*
 * ‹ n/m › counts the answers to a question, stopped ones included, never a failed attempt: an error note
 * a later answer replaced is not shown any more, and one that is the latest outcome is shown under the
 * answer that stays current (the one the node gives the model with the next question).
 */

test('a provider that fails once, then answers: after the error, a Retry and a Regenerate the answer reads 2/2, and the earlier one is the first answer', async ({
  page,
  node
}) => {
  const inbox = await openNewJobInbox(page, node)
  const error = page.getByTestId('message-error')
  const position = page.getByTestId('answer-position')

  node.fake.queue = [{ type: 'status', status: 500, body: { error: { message: 'boom' } } }]
  node.fake.behaviour = { type: 'reply', chunks: ['Blue.'] }
  await inbox.send('Name a colour')
  await expect(error).toContainText('boom')
  await error.getByRole('button', { name: 'Retry' }).click()
  await expect(inbox.answers()).toHaveText([/Blue\./])
  await expect(error).toHaveCount(0)
  await expect(page.getByTestId('answer-nav')).toHaveCount(0)

  node.fake.behaviour = { type: 'reply', chunks: ['Green.'] }
  await page.getByRole('button', { name: 'Regenerate' }).click()
  await expect(position).toHaveText('2/2')
  await expect(inbox.answers()).toHaveText([/Green\./])
  await page.getByRole('button', { name: 'Earlier answer' }).click()
  await expect(position).toHaveText('1/2')
  await expect(inbox.answers()).toHaveText([/Blue\./])
  await expect(error).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Earlier answer' })).toBeDisabled()
  // The dead arrow is drawn without a fill, as the live one beside it: it must not look the more active of the two.
  const fill = (name: string) => page.getByRole('button', { name }).evaluate((b) => getComputedStyle(b).backgroundColor)
  expect(await fill('Earlier answer')).toBe(await fill('Later answer'))

  // A Regenerate that fails: the answer stays, still counted 2/2, with the failure and its Retry under it.
  await page.getByRole('button', { name: 'Later answer' }).click()
  node.fake.queue = [{ type: 'status', status: 500, body: { error: { message: 'boom again' } } }]
  await page.getByRole('button', { name: 'Regenerate' }).click()
  await expect(error).toContainText('boom again')
  await expect(position).toHaveText('2/2')
  await expect(inbox.answers()).toHaveText([/Green\./])
  // Its Retry from the keyboard: the note goes with the new answer, and the focus stays on the answer's controls.
  node.fake.behaviour = { type: 'reply', chunks: ['Red.'] }
  await error.getByRole('button', { name: 'Retry' }).focus()
  await page.keyboard.press('Enter')
  await expect(position).toHaveText('3/3')
  await expect(inbox.answers()).toHaveText([/Red\./])
  await expect(error).toHaveCount(0)
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Regenerate')

  // The node agrees on the current answer: the next question reaches the model after "Red." alone.
  node.fake.behaviour = { type: 'reply', chunks: ['Noted.'] }
  await inbox.send('And one more?')
  await expect(inbox.answers().last()).toContainText('Noted.')
  const prompt = JSON.stringify(node.fake.requests.filter((r) => r.method === 'POST').at(-1)?.body)
  expect(prompt).toContain('Red.')
  expect(prompt).not.toContain('Green.')
  expect(prompt).not.toContain('boom')
})
