import { seriousViolations } from './axe'
import type { Page } from '@playwright/test'
import { expect, test, type HeadlessNode } from './fixtures/node'
import { showJobInbox } from './pages/inbox'
import { emptyScope, providerBody } from './seed'
import type { Inbox } from '../src/shared/contract/inbox'

test.use({ viewport: { width: 800, height: 700 } })

/** A provider and a job with an empty scope, the window opened on the job's conversation. */
async function openNewJob(page: Page, node: HeadlessNode): Promise<void> {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  const { job_id: jobId } = (
    await node.api<{ job_id: string }>('POST', '/v2/create_job', { llm_provider: 'gpt', job_creation_info: { scope: emptyScope } })
  ).body
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await page.goto(node.uiUrl)
  await showJobInbox(page, jobId)
}

test('800 px wide: the job dialogs opened from the Details drawer are named, and Escape closes only the dialog', async ({ page, node }) => {
  await openNewJob(page, node)

  // At 800 px the scope and config live in a drawer, opened from the keyboard.
  await page.getByRole('button', { name: 'Details' }).focus()
  await page.keyboard.press('Enter')
  const drawer = page.getByRole('dialog', { name: 'Job details' })
  await expect(drawer).toBeVisible()
  await expect(drawer.getByRole('button', { name: 'Close' })).toBeVisible()
  expect(await seriousViolations(page), 'details drawer').toEqual([])

  for (const [button, name, first] of [
    ['Edit scope', 'Edit scope', 'Search the library by name'],
    ['Edit config', 'Job config', 'System prompt']
  ] as const) {
    const opener = drawer.getByRole('button', { name: button, exact: true })
    await opener.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name })
    await expect(dialog).toBeVisible()
    // Each opens on its first field, ready to type, not on its close button.
    await expect(dialog.getByRole('textbox', { name: first })).toBeFocused()
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeVisible()
    await page.waitForTimeout(300)
    expect(await seriousViolations(page), name).toEqual([])
    // Escape closes the dialog on top, not the drawer under it; the focus goes back to the opener.
    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
    await expect(drawer).toBeVisible()
    await expect(opener).toBeFocused()
  }
  // With no dialog over it, Escape closes the drawer itself.
  await page.keyboard.press('Escape')
  await expect(drawer).toHaveCount(0)
})

test('Escape pressed while Edit scope or Job config is still opening closes it (at once, the key landed on its button and it stayed open)', async ({
  page,
  node
}) => {
  await openNewJob(page, node)
  await page.getByRole('button', { name: 'Details' }).focus()
  await page.keyboard.press('Enter')
  const drawer = page.getByRole('dialog', { name: 'Job details' })
  await expect(drawer).toBeVisible()
  const cdp = await page.context().newCDPSession(page)
  for (const [button, name] of [
    ['Edit scope', 'Edit scope'],
    ['Edit config', 'Job config']
  ] as const) {
    const opener = drawer.getByRole('button', { name: button, exact: true })
    await opener.focus()
    // A loaded machine: the key comes before Mantine's focus trap has moved the focus in.
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    await page.keyboard.press('Enter')
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog', { name })).toHaveCount(0)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
    // Only the dialog: the drawer under it stays, and its button keeps the focus.
    await expect(drawer).toBeVisible()
    await page.waitForTimeout(400)
    await expect(opener).toBeFocused()
  }
})

test('a long system prompt (one unbroken word, then many lines) stays inside the Job details panel', async ({ page, node }) => {
  // The panel beside the conversation (from 1408 px; narrower, it is in a drawer).
  await page.setViewportSize({ width: 1600, height: 800 })
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  const { job_id: jobId } = (
    await node.api<{ job_id: string }>('POST', '/v2/create_job', { llm_provider: 'gpt', job_creation_info: { scope: emptyScope } })
  ).body
  const prompt = `${'https://example.com/'.repeat(150)} ${'Answer only from the scope. '.repeat(400)}`
  const config = { custom_prompt: prompt, temperature: 0.7, seed: 0, top_k: 40, top_p: 0.9, stream: true, other_model_params: null }
  expect((await node.api('POST', '/v2/update_job_config', { job_id: jobId, config })).status).toBe(200)
  await page.goto(node.uiUrl)
  await showJobInbox(page, jobId)
  const panel = page.getByRole('complementary', { name: 'Job details' })
  const shown = panel.getByTestId('config-prompt')
  await expect(shown).toBeVisible()
  // It pushed the panel about 20,000 px wide (a sideways scrollbar) and, as words, thousands of px tall.
  const size = await panel.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }))
  expect(size.scroll).toBeLessThanOrEqual(size.client)
  expect((await shown.boundingBox())!.height).toBeLessThan(200)
  // The whole prompt is still there to read and edit.
  await panel.getByRole('button', { name: 'Edit config', exact: true }).click()
  await expect(page.getByRole('dialog', { name: 'Job config' }).getByLabel('System prompt')).toHaveValue(prompt)
})

test('Create job from the keyboard leaves the focus in the new inbox’s message box, ready for the first question', async ({
  page,
  node
}) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  await page.goto(node.uiUrl)
  await page.evaluate(() => (location.hash = '#/jobs/new'))
  const create = page.getByRole('button', { name: 'Create job' })
  await expect(create).toBeEnabled()
  await create.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('inbox-title')).toBeVisible()
  // It was on the page itself: a keyboard user had to Tab through the whole window to reach the box.
  await expect(page.getByRole('textbox', { name: 'Message', exact: true })).toBeFocused()
  await page.keyboard.type('First question')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('message-question')).toContainText('First question')
})

test('Edit scope and Job config in a 800x600 window keep their Cancel and Save in sight as they scroll, and Tab never hides a control behind them', async ({
  page,
  node
}) => {
  await page.setViewportSize({ width: 800, height: 600 })
  for (const folder of ['Leases', 'Invoices', 'Reports', 'Letters'])
    await node.api('POST', '/v2/create_folder', { path: '/', folder_name: folder })
  await openNewJob(page, node)
  await page.getByRole('button', { name: 'Details' }).click()
  await page.getByRole('button', { name: 'Edit scope' }).click()
  const dialog = page.getByRole('dialog', { name: 'Edit scope' })
  const save = dialog.getByRole('button', { name: 'Save scope' })
  const cancel = dialog.getByRole('button', { name: 'Cancel' })
  await expect(dialog.getByRole('textbox', { name: 'Search the library by name' })).toBeFocused()
  // They were below the dialog's visible part, under the library and the imports.
  await expect(save).toBeInViewport({ ratio: 1 })
  await expect(cancel).toBeInViewport({ ratio: 1 })
  // Opened, Advanced makes the dialog taller still: each control Tab reaches shows whole above the buttons.
  await dialog.getByRole('button', { name: 'Advanced' }).click()
  const saveTop = (await save.boundingBox())!.y
  let reachedCancel = false
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab')
    const focused = page.locator(':focus')
    if ((await focused.textContent()) === 'Cancel') {
      reachedCancel = true
      break
    }
    await expect(focused).toBeInViewport({ ratio: 1 })
    const box = (await focused.boundingBox())!
    expect(box.y + box.height, `${await focused.evaluate((e) => e.outerHTML.slice(0, 80))}`).toBeLessThanOrEqual(saveTop)
    await expect(save).toBeInViewport({ ratio: 1 })
  }
  // Every control between Advanced and the buttons was checked, not only the first twelve.
  expect(reachedCancel).toBe(true)

  // Job config: its numbers, their descriptions and the stream switch made it taller than the window.
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  await page.getByRole('button', { name: 'Edit config' }).click()
  const config = page.getByRole('dialog', { name: 'Job config' })
  await expect(config.getByRole('textbox', { name: 'System prompt' })).toBeFocused()
  await expect(config.getByRole('button', { name: 'Save' })).toBeInViewport({ ratio: 1 })
  await expect(config.getByRole('button', { name: 'Cancel' })).toBeInViewport({ ratio: 1 })
})

test('the scope tree in Job details is written at the size of the text around it', async ({ page, node }) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  await node.api('POST', '/v2/create_folder', { path: '/', folder_name: 'Leases' })
  const scope = { ...emptyScope, vector_fs_folders: [{ name: 'Leases', path: { path_ids: ['Leases'] } }] }
  const { job_id: jobId } = (
    await node.api<{ job_id: string }>('POST', '/v2/create_job', { llm_provider: 'gpt', job_creation_info: { scope } })
  ).body
  await page.setViewportSize({ width: 1500, height: 800 })
  await page.goto(node.uiUrl)
  await showJobInbox(page, jobId)
  // Wide enough for Job details beside the conversation: the panel is the page's only Scope tree.
  const panel = page.locator('#main-content')
  const branch = panel.getByRole('tree', { name: 'Scope' }).getByRole('treeitem').first()
  await expect(branch).toContainText('Library folders')
  // "Library folders (1)" was drawn at 16 px beside the panel's 12 px text ("1 entry", the config table).
  const size = (el: Element) => getComputedStyle(el).fontSize
  const branchSize = await branch.locator('span').first().evaluate(size)
  const countSize = await panel.getByText(/^1 entry$/).evaluate(size)
  const configSize = await panel.getByRole('cell', { name: 'Temperature' }).evaluate(size)
  expect(branchSize).toBe(countSize)
  expect(branchSize).toBe(configSize)
})

test('a slow Save scope: the dialog keeps the focus while it saves, an Escape then asks nothing, and once saved one Escape closes the drawer', async ({
  page,
  node
}) => {
  await node.api('POST', '/v2/create_folder', { path: '/', folder_name: 'Leases' })
  await openNewJob(page, node)
  await page.getByRole('button', { name: 'Details' }).click()
  const drawer = page.getByRole('dialog', { name: 'Job details' })
  const opener = drawer.getByRole('button', { name: 'Edit scope', exact: true })
  await opener.click()
  const dialog = page.getByRole('dialog', { name: 'Edit scope' })
  await dialog.getByRole('checkbox').first().check()
  // The save held by the node for a while, as on a loaded machine.
  let release = () => {}
  const held = new Promise<void>((r) => (release = r))
  await page.route('**/v2/update_job_scope', async (route) => {
    await held
    await route.continue()
  })
  await dialog.getByRole('button', { name: 'Save scope' }).click()
  await expect(dialog.getByRole('button', { name: 'Save scope' })).toBeDisabled()
  // Disabled while busy, Save dropped the focus on the page's body, where Escape and Tab went nowhere.
  await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true)
  await page.keyboard.press('Escape')
  await page.waitForTimeout(300)
  await expect(page.getByRole('dialog', { name: /Discard/ })).toHaveCount(0)
  await expect(dialog).toBeVisible()
  release()
  await expect(dialog).toHaveCount(0)
  await expect(opener).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(drawer).toHaveCount(0)
})

test('Edit config opens on the system prompt with the caret after its text: what is typed is added at its end', async ({ page, node }) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  const { job_id: jobId } = (
    await node.api<{ job_id: string }>('POST', '/v2/create_job', { llm_provider: 'gpt', job_creation_info: { scope: emptyScope } })
  ).body
  const inbox = (await node.api<Inbox>('GET', `/v2/get_inbox?inbox_name=${encodeURIComponent(`job_inbox::${jobId}::false`)}`)).body
  await node.api('POST', '/v2/update_job_config', { job_id: jobId, config: { ...inbox.job_config, custom_prompt: 'Answer in French.' } })
  await page.setViewportSize({ width: 1600, height: 800 })
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await page.goto(node.uiUrl)
  await showJobInbox(page, jobId)
  const panel = page.locator('#main-content').getByRole('complementary', { name: 'Job details' })
  await panel.getByRole('button', { name: 'Edit config' }).click()
  const prompt = page.getByRole('dialog', { name: 'Job config' }).getByRole('textbox', { name: 'System prompt' })
  await expect(prompt).toBeFocused()
  await page.keyboard.type(' Be brief.')
  await expect(prompt).toHaveValue('Answer in French. Be brief.')
})
