import type { Locator, Page } from '@playwright/test'
import { expect, test, type HeadlessNode } from './fixtures/node'
import { showJobInbox } from './pages/inbox'
import { nameJobInbox, providerBody, seedJobs } from './seed'

/** At 1000 px (below lg), two conversations; "Bravo budget" open, the Conversations drawer opened, its row focused. */
async function openInDrawer(page: Page, node: HeadlessNode): Promise<Locator> {
  await page.setViewportSize({ width: 1000, height: 700 })
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  const jobs = await seedJobs(node, 'gpt', 2, 1)
  for (const [i, name] of ['Alpha plans', 'Bravo budget'].entries()) await nameJobInbox(node, jobs[i]!, name)
  await page.goto(node.uiUrl)
  await showJobInbox(page, jobs[1]!)
  await expect(page.getByTestId('inbox-title')).toHaveText('Bravo budget')
  await page.getByRole('button', { name: 'Conversations', exact: true }).click()
  const drawer = page.getByRole('dialog', { name: 'Conversations' })
  await expect(drawer.getByRole('link', { name: 'Bravo budget' })).toBeFocused()
  return drawer
}

/*
 * Below 1200 px (lg) the conversations beside an open conversation are a drawer. Opened there, then the
 * window widened past lg (a window snapped back to full screen): the drawer stayed open over the list now
 * shown beside the conversation, the list twice and the conversation under a drawer.
 */
test('the Conversations drawer open as the window is widened past lg closes; the focus goes to the list beside', async ({ page, node }) => {
  const drawer = await openInDrawer(page, node)

  await page.setViewportSize({ width: 1400, height: 700 })
  await expect(drawer).toBeHidden()
  const side = page.getByTestId('conversation-list')
  await expect(side.getByRole('link', { name: 'Bravo budget' })).toBeFocused()
})

/* A Rename asked from a row of the drawer is not lost with it: the drawer closes once that dialog has. */
test('widened past lg while a Rename asked from the drawer is open: both stay, the name typed kept; the drawer closes after it', async ({
  page,
  node
}) => {
  const drawer = await openInDrawer(page, node)
  await page.keyboard.press('F2')
  const rename = page.getByRole('dialog', { name: 'Rename “Bravo budget”' })
  await expect(rename).toBeVisible()
  await rename.getByRole('textbox').fill('Q3 budget')

  await page.setViewportSize({ width: 1400, height: 700 })
  await expect(page.getByTestId('conversation-list')).toBeVisible()
  // Longer than the drawer's closing transition.
  await page.waitForTimeout(600)
  await expect(rename).toBeVisible()
  await expect(rename.getByRole('textbox')).toHaveValue('Q3 budget')
  await expect(drawer).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(rename).toBeHidden()
  await expect(drawer).toBeHidden()
  await expect(page.getByTestId('conversation-list').getByRole('link', { name: 'Bravo budget' })).toBeFocused()
})
