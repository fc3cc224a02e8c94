import AxeBuilder from '@axe-core/playwright'
import { seriousViolations } from './axe'
import { expect, test } from './fixtures/node'
import { showJobInbox } from './pages/inbox'
import { providerBody, seedJobs } from './seed'

for (const scheme of ['light', 'dark'] as const) {
  test(`open menus (a library row's, an inbox row's) have no serious accessibility issue and work from the keyboard (${scheme})`, async ({
    page,
    node
  }) => {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' })
    await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', `${node.fake.url}/v1`))
    await seedJobs(node, 'gpt', 2)
    await node.api('POST', '/v2/create_folder', { path: '/', folder_name: 'Contracts' })
    await page.goto(node.uiUrl)

    await page.getByRole('link', { name: 'Files' }).click()
    await page.getByRole('button', { name: 'Actions for Contracts' }).click()
    await expect(page.getByRole('menuitem', { name: 'Delete…' })).toBeVisible()
    await page.mouse.move(0, 0)
    await page.waitForTimeout(300)
    expect(await seriousViolations(page), 'library row menu').toEqual([])
    await page.keyboard.press('Escape')
    await expect(page.getByRole('menu')).toBeHidden()

    await page.getByRole('link', { name: 'Inboxes' }).click()
    const actions = page.getByRole('button', { name: /^Actions for / }).first()
    await actions.focus()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('menuitem', { name: 'Delete' })).toBeVisible()
    await page.mouse.move(0, 0) // a hovered link's tint is not what is measured
    await page.waitForTimeout(300)
    expect(await seriousViolations(page), 'inbox row menu').toEqual([])
    // From the keyboard (the menu button pattern): Enter opened it on its first item, the arrows move,
    // Escape closes it and gives the focus back to its button.
    await expect(page.getByRole('menuitem').first()).toBeFocused()
    await page.keyboard.press('ArrowDown')
    await expect(page.getByRole('menuitem').nth(1)).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(page.getByRole('menu')).toBeHidden()
    await expect(actions).toBeFocused()
  })
}

test('an open dialog or drawer adds no second banner landmark (its header is the dialog’s, not the window’s)', async ({ page, node }) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', `${node.fake.url}/v1`))
  await page.goto(node.uiUrl)
  await page.getByRole('link', { name: 'Files' }).click()
  await page.getByRole('button', { name: 'New folder' }).click()
  await expect(page.getByRole('dialog')).toBeVisible()
  await page.waitForTimeout(300)
  const landmarks = async () =>
    (await new AxeBuilder({ page }).withRules(['landmark-no-duplicate-banner', 'landmark-unique']).analyze()).violations.map((v) => v.id)
  expect(await landmarks(), 'dialog').toEqual([])
  await expect(page.getByRole('banner')).toHaveCount(1)
  // A drawer's header too (the navigation on a narrow window is not one: the job's details are).
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toBeHidden()
  const [jobId] = await seedJobs(node, 'gpt', 1)
  await page.setViewportSize({ width: 700, height: 800 })
  await showJobInbox(page, jobId!)
  await page.getByRole('button', { name: 'Details' }).click()
  await expect(page.getByRole('dialog')).toBeVisible()
  await page.waitForTimeout(300)
  expect(await landmarks(), 'drawer').toEqual([])
})
