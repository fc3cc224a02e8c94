import { expect, test } from './fixtures/node'
import { providerBody, seedJobs } from './seed'

test('the first Tab of the window reaches "Skip to content", which moves the focus past the header and navigation to the page', async ({
  page,
  node
}) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', `${node.fake.url}/v1`))
  await seedJobs(node, 'gpt', 2)
  await page.goto(node.uiUrl)
  await expect(page.getByRole('heading', { name: 'Inboxes' })).toBeVisible()
  const hash = await page.evaluate(() => location.hash)
  // From the top of the page, as after a load or a click on an empty spot.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())

  await page.keyboard.press('Tab')
  const skip = page.getByRole('link', { name: 'Skip to content' })
  await expect(skip).toBeFocused()
  // Seen when focused (a sighted keyboard user must know where the focus is), on the screen, not off it.
  const box = await skip.boundingBox()
  expect(box && box.y >= 0 && box.height > 0).toBe(true)

  await page.keyboard.press('Enter')
  await expect(page.getByRole('main')).toBeFocused()
  // The route (the hash) is kept: the link does not navigate.
  expect(await page.evaluate(() => location.hash)).toBe(hash)
  // The next Tab goes into the page, not back to the header or navigation.
  await page.keyboard.press('Tab')
  expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true)
})
