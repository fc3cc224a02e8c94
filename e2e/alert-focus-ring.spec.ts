import { expect, test } from './fixtures/node'
import { ringClippedBy } from './focus-ring'
import { openNewJobInbox } from './pages/inbox'
import { providerBody } from './seed'

test('the focus ring of Retry under a failed answer shows whole, not cut by the note around it', async ({ page, node }) => {
  const inbox = await openNewJobInbox(page, node)
  node.fake.behaviour = { type: 'status', status: 400, body: { error: { message: 'The model crashed.' } } }
  await inbox.send('Will this work?')
  const note = page.getByTestId('message-error')
  await expect(note).toContainText('The model crashed.')
  const retry = note.getByRole('button', { name: 'Retry' })
  await retry.focus()
  await page.keyboard.press('Shift+Tab')
  await page.keyboard.press('Tab') // focused from the keyboard: the ring is drawn
  await expect(retry).toBeFocused()
  expect(await retry.evaluate((b) => getComputedStyle(b).outlineStyle)).not.toBe('none')
  expect(await ringClippedBy(retry)).toEqual([])
})

test('the focus rings of controls at the edges of a page that scrolls show whole: New job’s Advanced, the provider form’s step tab, Add provider', async ({
  page,
  node
}) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  await page.goto(node.uiUrl)
  // New job: Advanced is at the page's left edge (the page scrolls, and clipped the ring's left side).
  await page.evaluate(() => (location.hash = '#/jobs/new'))
  const advanced = page.getByRole('button', { name: 'Advanced' })
  await advanced.focus()
  await page.keyboard.press('Shift+Tab')
  await page.keyboard.press('Tab') // focused from the keyboard: the ring is drawn
  await expect(advanced).toBeFocused()
  expect(await ringClippedBy(advanced)).toEqual([])
  // Providers: Add provider at its top right corner.
  await page.evaluate(() => (location.hash = '#/providers'))
  const add = page.getByRole('link', { name: 'Add provider' })
  await add.focus()
  await page.keyboard.press('Shift+Tab')
  await page.keyboard.press('Tab')
  await expect(add).toBeFocused()
  expect(await ringClippedBy(add)).toEqual([])
  // The provider form opens with the focus on its first step tab, at the left edge.
  await page.getByRole('link', { name: 'Edit gpt' }).focus()
  await page.keyboard.press('Enter')
  const kindTab = page.getByRole('tab', { name: /Kind/ })
  await expect(kindTab).toBeFocused()
  expect(await ringClippedBy(kindTab)).toEqual([])
})
