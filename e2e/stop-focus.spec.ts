import { expect, test } from './fixtures/node'
import { openNewJobInbox } from './pages/inbox'

/* Stop pressed from the keyboard: the button goes with the answer, the focus goes to the message box. */
test('Stop pressed from the keyboard leaves the focus in the message box, ready for the next question', async ({ page, node }) => {
  const inbox = await openNewJobInbox(page, node)
  node.fake.behaviour = { type: 'stall', chunks: ['Part of an answer'] }
  await inbox.send('A question to stop')
  await expect(inbox.streaming()).toContainText('Part of an answer')
  const stop = page.getByRole('button', { name: 'Stop', exact: true })
  await stop.focus()
  await page.keyboard.press('Enter')
  await expect(stop).toHaveCount(0)
  await expect(page.getByRole('textbox', { name: 'Message', exact: true })).toBeFocused()
})

test('Escape in the message box stops the answer being written; the box keeps the focus and what was typed', async ({ page, node }) => {
  const inbox = await openNewJobInbox(page, node)
  node.fake.behaviour = { type: 'stall', chunks: ['Part of an answer'] }
  await inbox.send('A question to stop')
  await expect(inbox.streaming()).toContainText('Part of an answer')
  const box = page.getByRole('textbox', { name: 'Message', exact: true })
  await box.fill('the next question')
  await box.press('Escape')
  await expect(page.getByRole('button', { name: 'Stop', exact: true })).toHaveCount(0)
  // Stored as stopped, with what had come of it.
  await expect(inbox.answers().last()).toContainText('Part of an answer')
  await expect(inbox.answers().last()).toContainText('stopped')
  await expect(box).toBeFocused()
  await expect(box).toHaveValue('the next question')
})

test('the Escape with which an input method drops its composition does not stop the answer (Chromium marks it isComposing, Safari keyCode 229)', async ({
  page,
  node
}) => {
  const inbox = await openNewJobInbox(page, node)
  node.fake.behaviour = { type: 'stall', chunks: ['Part of an answer'] }
  await inbox.send('A question to keep answering')
  await expect(inbox.streaming()).toContainText('Part of an answer')
  const box = page.getByRole('textbox', { name: 'Message', exact: true })
  await box.fill('きょう')
  for (const ime of [{ isComposing: true }, { keyCode: 229 }]) {
    await box.evaluate((el, { isComposing, keyCode }) => {
      const key = new KeyboardEvent('keydown', {
        key: 'Escape',
        code: 'Escape',
        bubbles: true,
        cancelable: true,
        isComposing: !!isComposing
      })
      if (keyCode) Object.defineProperty(key, 'keyCode', { get: () => keyCode })
      el.dispatchEvent(key)
    }, ime)
  }
  // Given the node the time a stop takes: the answer is still being written.
  await page.waitForTimeout(500)
  await expect(page.getByRole('button', { name: 'Stop', exact: true })).toBeVisible()
  await expect(inbox.streaming()).toContainText('Part of an answer')
  await box.press('Escape')
  await expect(page.getByRole('button', { name: 'Stop', exact: true })).toHaveCount(0)
  await expect(box).toHaveValue('きょう')
})
