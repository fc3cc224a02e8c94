import { expect, test } from './fixtures/node'
import { showJobInbox } from './pages/inbox'
import { providerBody, seedJobs } from './seed'

/*
 * From the xl breakpoint (1408 px) the job's details are beside the conversation; below it they open
 * in a drawer from a Details button. A control focused in one layout is hidden in the other, and the
 * window's width changed left the focus on the page's body: Tab started again from the top of the window.
 */
test('the window narrowed and widened with the focus in the job details: the focus goes to the control in its place', async ({
  page,
  node
}) => {
  await page.setViewportSize({ width: 1600, height: 800 })
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', `${node.fake.url}/v1`))
  const [id] = await seedJobs(node, 'gpt', 1, 1)
  await page.goto(node.uiUrl)
  await showJobInbox(page, id!)
  // The panel beside the conversation (the drawer holds one too while it is open or closing).
  const panel = page.locator('#main-content').getByRole('complementary', { name: 'Job details' })
  const editScope = panel.getByRole('button', { name: 'Edit scope' })
  await expect(editScope).toBeEnabled()
  await editScope.focus()

  await page.setViewportSize({ width: 1280, height: 800 })
  const details = page.getByRole('button', { name: 'Details', exact: true })
  await expect(details).toBeFocused()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Job details' })
  await expect(dialog).toBeVisible()
  // Escape once the drawer has taken the focus, as it shows a user: pressed while it was still opening
  // (a loaded machine), the drawer closed before it had noted where the focus was to go back to.
  await expect(dialog.locator(':focus')).toHaveCount(1)
  await page.keyboard.press('Escape')
  await expect(details).toBeFocused()

  await page.setViewportSize({ width: 1600, height: 800 })
  await expect(editScope).toBeFocused()
})

test('the Details drawer opened, then the window widened past xl: closed, it gives the focus to the panel beside the conversation, not the page body', async ({
  page,
  node
}) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', `${node.fake.url}/v1`))
  const [id] = await seedJobs(node, 'gpt', 1, 1)
  await page.goto(node.uiUrl)
  await showJobInbox(page, id!)
  const details = page.getByRole('button', { name: 'Details', exact: true })
  await details.focus()
  await page.keyboard.press('Enter')
  const drawer = page.getByRole('dialog', { name: 'Job details' })
  await expect(drawer.locator(':focus')).toHaveCount(1)

  await page.setViewportSize({ width: 1600, height: 800 })
  await expect(details).toBeHidden()
  await page.keyboard.press('Escape')
  await expect(drawer).toHaveCount(0)
  // The Details button it came from is hidden at this width: the panel's first button takes the focus.
  const panel = page.locator('#main-content').getByRole('complementary', { name: 'Job details' })
  await expect(panel.getByRole('button', { name: 'Edit scope' })).toBeFocused()
})
