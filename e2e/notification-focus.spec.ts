import { expect, test, type HeadlessNode } from './fixtures/node'
import { WizardPage } from './pages/wizard'
import { providerBody } from './seed'

/*
 * The notification a save leaves ("Provider “Another” added") is in the Tab order after the page: its
 * close button, an icon alone, was announced as "button" with no name. Closed, it fades out for a
 * moment, and Tab still went to its close button, fading or gone from sight.
 */

const focusedName = (page: import('@playwright/test').Page) =>
  page.evaluate(() => {
    const at = document.activeElement as HTMLElement
    return { inNotification: at.closest('.mantine-Notifications-root') !== null, tag: at.tagName, label: at.getAttribute('aria-label') }
  })

test('after Test & add, Tab past the page reaches the notification’s close button by its name; closed, it is no Tab stop while it fades', async ({
  page,
  node
}) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('first', node.fake.url))
  // The page's timers run as ever, until the fade below is held still to look at it.
  await page.clock.install()
  await page.goto(node.uiUrl)
  await page.getByRole('link', { name: 'Providers' }).click()
  await page.getByRole('link', { name: 'Add provider' }).click()
  const wizard = new WizardPage(page)
  await wizard.chooseKind('OpenAI-compatible server')
  await wizard.connection(node.fake.url)
  await wizard.chooseModels(['gpt-e2e-2'])
  await wizard.next()
  await wizard.identity('Another')
  await page.getByRole('button', { name: /^Test & add/ }).focus()
  await page.keyboard.press('Enter')
  const notice = page.getByRole('alert').filter({ hasText: 'Provider “Another” added' })
  await expect(notice).toBeVisible()

  // The page's last Tab stop, then the notification's close button, named.
  const last = page.getByRole('button', { name: 'Remove Another' })
  await last.focus()
  await page.keyboard.press('Tab')
  expect(await focusedName(page)).toEqual({ inNotification: true, tag: 'BUTTON', label: 'Close notification' })
  await expect(notice.getByRole('button', { name: 'Close notification' })).toBeFocused()

  // Closed: while it fades out (its timers held, so it is still in the page), Tab from the page's last stop does not go to it.
  // (A moment ahead: the page's time has moved on by the time it is paused.)
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 200)
  await page.keyboard.press('Enter')
  await last.focus()
  await page.keyboard.press('Tab')
  expect(await focusedName(page)).toMatchObject({ inNotification: false })
  await expect(notice).toHaveCount(1)
  await page.clock.resume()
  await expect(notice).toHaveCount(0)
})

/*
 * Enter on a notification's close button left the focus on the page's body: a keyboard user started
 * again from the top of the window. It goes back where Tab took it from, or (nothing to go back to) to
 * the main content's first control.
 */
async function addAnother(page: import('@playwright/test').Page, node: HeadlessNode) {
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
  await page.getByRole('button', { name: /^Test & add/ }).focus()
  await page.keyboard.press('Enter')
  const notice = page.getByRole('alert').filter({ hasText: 'Provider “Another” added' })
  await expect(notice).toBeVisible()
  return notice
}

test('a notification closed with Enter gives the focus back to the control Tab took it from', async ({ page, node }) => {
  const notice = await addAnother(page, node)
  const last = page.getByRole('button', { name: 'Remove Another' })
  await last.focus()
  await page.keyboard.press('Tab')
  await expect(notice.getByRole('button', { name: 'Close notification' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(last).toBeFocused()
  await expect(notice).toHaveCount(0)
  // Still there once it is gone, and Tab goes on from there.
  await expect(last).toBeFocused()
})

test('a notification closed with the focus from nowhere on the page gives it to the main content', async ({ page, node }) => {
  const notice = await addAnother(page, node)
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
  await notice.getByRole('button', { name: 'Close notification' }).focus()
  await page.keyboard.press('Enter')
  await expect(notice).toHaveCount(0)
  expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true)
})
