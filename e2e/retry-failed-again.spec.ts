import { expect, test } from './fixtures/node'
import { openNewJobInbox } from './pages/inbox'

/*
 * The provider is still down when the operator presses Retry: the new attempt fails like the last,
 * and its note read exactly as before, so Retry looked as if it had done nothing. The note now says
 * how many attempts in a row failed; once the provider answers, the note and the count go.
 */
test('Retry that fails again says so: the note counts the attempts in a row that failed', async ({ page, node }) => {
  const inbox = await openNewJobInbox(page, node)
  const down = { type: 'status', status: 503, body: { error: { message: 'overloaded' } } } as const
  node.fake.queue = [down, down]
  await inbox.send('Name a colour')
  const note = page.getByTestId('message-error')
  await expect(note).toContainText('overloaded')
  // One failure: nothing to count.
  await expect(note.getByTestId('failed-tries')).toHaveCount(0)

  await note.getByRole('button', { name: 'Retry' }).click()
  await expect(note.getByTestId('failed-tries')).toHaveText('2 attempts in a row have failed.')
  await expect(note).toHaveCount(1)

  node.fake.queue = [{ type: 'reply', chunks: ['Blue.'] }]
  await note.getByRole('button', { name: 'Retry' }).click()
  await expect(page.getByTestId('message-error')).toHaveCount(0)
  // The answer itself (the words are also spoken, in a status line).
  await expect(page.getByRole('paragraph').filter({ hasText: /^Blue\.$/ })).toBeVisible()
})
