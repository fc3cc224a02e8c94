import { expect, test } from './fixtures/node'
import { openNewJobInbox } from './pages/inbox'

/*
 * Find in a conversation (Ctrl+F) finds a word an earlier answer to a question holds (one regenerated
 * since): the bar said "1 of 1" and scrolled to the question's answers, but the answer shown was the
 * latest one, without the word, and nothing was marked. The answer found is now the one shown.
 */
test('a word only an earlier answer holds: that answer is shown, its word marked', async ({ page, node }) => {
  const inbox = await openNewJobInbox(page, node)
  node.fake.behaviour = { type: 'reply', chunks: ['The quokka lives on Rottnest.'] }
  await inbox.send('Where does it live?')
  await expect(inbox.answers().last()).toContainText('The quokka lives on Rottnest.')
  node.fake.behaviour = { type: 'reply', chunks: ['It lives on an island near Perth.'] }
  await page.getByRole('button', { name: 'Regenerate' }).click()
  await expect(page.getByTestId('answer-position')).toHaveText('2/2')
  await expect(inbox.answers().last()).toContainText('near Perth')

  await page.getByRole('textbox', { name: 'Message' }).focus()
  await page.keyboard.press('Control+f')
  await page.getByRole('textbox', { name: 'Find in conversation' }).fill('quokka')
  await expect(page.getByTestId('find-count')).toHaveText('1 of 1')
  await expect(page.getByTestId('answer-position')).toHaveText('1/2')
  await expect(inbox.answers().last()).toContainText('The quokka lives on Rottnest.')
  await expect
    .poll(() => page.evaluate(() => [...((CSS.highlights.get('find-current') as Set<Range> | undefined) ?? [])].map((r) => r.toString())))
    .toEqual(['quokka'])
  // Read there, the operator can still go to the other answer.
  await page.getByRole('button', { name: 'Later answer' }).click()
  await expect(page.getByTestId('answer-position')).toHaveText('2/2')
})
