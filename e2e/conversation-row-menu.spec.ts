import { expect, test } from './fixtures/node'
import { showJobInbox } from './pages/inbox'
import type { HeadlessNode } from './fixtures/node'
import { nameJobInbox, providerBody, seedJobs } from './seed'

/*
 * The conversation list beside an open conversation has the inbox list's row menu: the shortcuts
 * list promised Shift+F10 there, and the rows had none.
 */

async function threeJobs(node: HeadlessNode) {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  const jobs = await seedJobs(node, 'gpt', 3, 1)
  for (const [i, name] of ['Alpha plans', 'Bravo budget', 'Charlie contract'].entries()) await nameJobInbox(node, jobs[i]!, name)
  return jobs
}

test.describe('wide window: the side list', () => {
  test.use({ viewport: { width: 1400, height: 800 } })

  test('the menu button shows on hovering a row; Shift+F10 on a row opens its menu, whose Pin pins that conversation', async ({
    page,
    node
  }) => {
    const jobs = await threeJobs(node)
    await page.goto(node.uiUrl)
    await showJobInbox(page, jobs[1]!)
    const side = page.getByTestId('conversation-list')
    const alpha = side.getByRole('link', { name: 'Alpha plans' })
    const button = side.getByRole('button', { name: 'Actions for Alpha plans' })
    // Out of the way until wanted: the rows are narrow.
    await expect(button).toHaveCSS('opacity', '0')
    await alpha.hover()
    await expect(button).toHaveCSS('opacity', '1')

    await alpha.focus()
    await page.keyboard.press('Shift+F10')
    await expect(page.getByRole('menuitem', { name: 'Rename' })).toBeFocused()
    await page.keyboard.press('ArrowDown')
    await expect(page.getByRole('menuitem', { name: 'Pin' })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(side.getByRole('link', { name: 'Alpha plans' }).getByRole('img', { name: 'Pinned' })).toBeVisible()
    const inbox = (await node.api('GET', `/v2/get_inbox?inbox_name=${encodeURIComponent(`job_inbox::${jobs[0]}::false`)}`)).body as {
      is_pinned: boolean
    }
    expect(inbox.is_pinned).toBe(true)
  })
})

test.describe('narrow window: the drawer', () => {
  test.use({ viewport: { width: 800, height: 600 } })

  test('Shift+F10 on a row of the drawer opens its menu; Escape closes the menu, not the drawer, and the focus is back on the row', async ({
    page,
    node
  }) => {
    const jobs = await threeJobs(node)
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await page.goto(node.uiUrl)
    await showJobInbox(page, jobs[1]!)
    await page.getByRole('button', { name: 'Conversations', exact: true }).click()
    const drawer = page.getByRole('dialog', { name: 'Conversations' })
    const bravo = drawer.getByRole('link', { name: 'Bravo budget' })
    await expect(bravo).toBeFocused()
    await page.keyboard.press('Shift+F10')
    await expect(page.getByRole('menuitem', { name: 'Rename' })).toBeFocused()
    await page.keyboard.press('ArrowDown')
    await expect(page.getByRole('menuitem', { name: 'Pin' })).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(page.getByRole('menu')).toBeHidden()
    await expect(drawer).toBeVisible()
    await expect(bravo).toBeFocused()
  })
})
