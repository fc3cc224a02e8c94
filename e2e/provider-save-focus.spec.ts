import { expect, test } from './fixtures/node'
import { WizardPage } from './pages/wizard'
import { providerBody } from './seed'

/*
 * Test & save (or add) pressed from the keyboard: the wizard goes away with the button that had the
 * focus, and the focus used to fall to the page's body, the next Tab starting over from the top.
 */

const focusOnBody = (page: import('@playwright/test').Page) => page.evaluate(() => document.activeElement === document.body)

test('after Test & save of an edit, the focus is on that provider’s Edit on the providers page', async ({ page, node }) => {
  await node.api('POST', '/v2/add_llm_provider', { ...providerBody('first', node.fake.url), name: 'First' })
  await node.api('POST', '/v2/add_llm_provider', providerBody('second', node.fake.url, 'OpenAI', 'gpt-e2e-2'))
  await page.goto(node.uiUrl)
  await page.getByRole('link', { name: 'Providers' }).click()
  await page.getByRole('link', { name: 'Edit second' }).focus()
  await page.keyboard.press('Enter')
  const wizard = new WizardPage(page)
  while (!(await page.getByLabel('Display name').isVisible())) await wizard.next()
  await page.getByLabel('Display name').fill('Second, renamed')
  await wizard.next()
  const save = page.getByRole('button', { name: /^Test & save/ })
  await save.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('provider-row-second')).toContainText('Second, renamed')
  await expect(page.getByRole('link', { name: 'Edit second' })).toBeFocused()
})

test('after Test & add, the focus is in the page the wizard leads to, not on its body', async ({ page, node }) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('first', node.fake.url))
  await page.goto(node.uiUrl)
  await page.getByRole('link', { name: 'Providers' }).click()
  await page.getByRole('link', { name: 'Add provider' }).click()
  const wizard = new WizardPage(page)
  await wizard.chooseKind('OpenAI-compatible server')
  await wizard.connection(node.fake.url)
  await wizard.chooseModels(['gpt-e2e-2'])
  await wizard.next()
  await wizard.identity('Another')
  const add = page.getByRole('button', { name: /^Test & add/ })
  await add.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('provider-row-another')).toBeVisible()
  await expect.poll(() => focusOnBody(page)).toBe(false)
  // The next Tab goes on within the page, not back to "Skip to content".
  await page.keyboard.press('Tab')
  await expect(page.getByRole('link', { name: 'Skip to content' })).not.toBeFocused()
})

test('between the test passing and the save landing, the focus waits on “Connection works”, then goes to the provider’s Edit', async ({
  page,
  node
}) => {
  await node.api('POST', '/v2/add_llm_provider', { ...providerBody('first', node.fake.url), name: 'First' })
  // The save is held in the browser until the focus has been looked at; the test call goes through.
  let release: () => void = () => {}
  const held = new Promise<void>((r) => (release = r))
  let saving = false
  await page.route('**/v2/modify_llm_provider', async (route) => {
    saving = true
    await held
    await route.continue()
  })
  await page.goto(node.uiUrl)
  await page.getByRole('link', { name: 'Providers' }).click()
  await page.getByRole('link', { name: 'Edit First' }).focus()
  await page.keyboard.press('Enter')
  await page.getByRole('tab', { name: /Review/ }).click()
  await page.getByRole('button', { name: 'Test & save' }).focus()
  await page.keyboard.press('Enter')
  await expect.poll(() => saving).toBe(true)
  await expect(page.getByRole('alert').filter({ hasText: 'Connection works' })).toBeFocused()
  expect(await focusOnBody(page)).toBe(false)
  release()
  await expect(page.getByRole('link', { name: 'Edit First' })).toBeFocused()
})
