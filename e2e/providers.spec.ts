import { expect, test } from './fixtures/node'
import { seriousViolations } from './axe'
import { emptyScope, providerBody } from './seed'

test('providers page: remove asks first; a provider jobs still use says so before anything is confirmed, naming them', async ({
  page,
  node
}) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('in-use', node.fake.url))
  await node.api('POST', '/v2/add_llm_provider', providerBody('spare', node.fake.url, 'Ollama', 'llama3.2'))
  for (let i = 0; i < 2; i++) await node.api('POST', '/v2/create_job', { llm_provider: 'in-use', job_creation_info: { scope: emptyScope } })
  await page.goto(node.uiUrl)
  await page.getByRole('link', { name: 'Providers' }).click()
  await expect(page.getByTestId('provider-row-in-use')).toBeVisible()

  // Cancel keeps it; the dialog opens on Cancel, so Enter keeps it too.
  const asking = page.getByRole('dialog', { name: 'Remove provider “spare”?' })
  await page.getByRole('button', { name: 'Remove spare' }).click()
  await expect(asking.getByRole('button', { name: 'Cancel' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(asking).toHaveCount(0)
  await expect(page.getByTestId('provider-row-spare')).toBeVisible()
  await page.getByRole('button', { name: 'Remove spare' }).click()
  await page.getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByTestId('provider-row-spare')).toBeVisible()

  // In use: said up front, before anything is confirmed, with the jobs to switch; nothing to confirm, nothing removed.
  await page.getByRole('button', { name: 'Remove in-use' }).click()
  const inUse = page.getByRole('dialog', { name: '“in-use” cannot be removed yet' })
  await expect(inUse).toContainText('It is used by 2 jobs, and cannot be removed while any job uses it.')
  await expect(inUse.getByRole('link')).toHaveCount(2)
  await expect(inUse.getByRole('button', { name: 'Remove', exact: true })).toHaveCount(0)
  await expect(inUse.getByRole('button', { name: 'OK', exact: true })).toBeFocused()
  expect(await seriousViolations(page)).toEqual([])
  await page.keyboard.press('Escape')
  await expect(inUse).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Remove in-use' })).toBeFocused()
  await expect(page.getByTestId('provider-row-in-use')).toBeVisible()
  // A job named there opens its conversation (where its provider is switched), and the dialog goes.
  await page.keyboard.press('Enter')
  await inUse.getByRole('link').first().click()
  await expect(inUse).toHaveCount(0)
  await expect(page).toHaveURL(/#\/inboxes\/job_inbox/)
  await page.getByRole('link', { name: 'Providers' }).click()

  // Unused: removed.
  await page.getByRole('button', { name: 'Remove spare' }).click()
  await page.getByRole('button', { name: 'Remove', exact: true }).click()
  await expect(page.getByTestId('provider-row-spare')).toHaveCount(0)
  expect((await node.api<{ id: string }[]>('GET', '/v2/available_llm_providers')).body.map((p) => p.id)).toEqual(['in-use'])
})

test('the in-use dialog switches the jobs to another provider from the keyboard, asking first in the dialog itself, then asks to remove', async ({
  page,
  node
}) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('in-use', node.fake.url))
  await node.api('POST', '/v2/add_llm_provider', { ...providerBody('spare', node.fake.url), name: 'Spare' })
  for (let i = 0; i < 2; i++) await node.api('POST', '/v2/create_job', { llm_provider: 'in-use', job_creation_info: { scope: emptyScope } })
  await page.goto(node.uiUrl)
  await page.getByRole('link', { name: 'Providers' }).click()
  await page.getByRole('button', { name: 'Remove in-use' }).click()
  const inUse = page.getByRole('dialog', { name: '“in-use” cannot be removed yet' })
  await inUse.getByRole('combobox', { name: 'Switch all 2 to' }).click()
  await page.getByRole('option', { name: /Spare/ }).click()
  const switchJobs = inUse.getByRole('button', { name: 'Switch 2 jobs' }).first()
  await switchJobs.focus()
  await page.keyboard.press('Enter')
  // Asked in the same dialog (a second one replaced it, and Cancel brought it back empty, the focus lost).
  const ask = inUse.getByTestId('confirm-switch')
  await expect(ask).toContainText('Switch 2 jobs to Spare?')
  await expect(ask.getByRole('button', { name: 'Cancel' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(ask).toHaveCount(0)
  await expect(switchJobs).toBeFocused()
  await expect(inUse.getByRole('combobox', { name: 'Switch all 2 to' })).toHaveValue(/Spare/)
  await page.keyboard.press('Enter')
  await ask.getByRole('button', { name: 'Switch 2 jobs' }).click()
  const removing = page.getByRole('dialog', { name: 'Remove provider “in-use”?' })
  await expect(removing.getByRole('button', { name: 'Cancel' })).toBeFocused()
  const inboxes = (await node.api<{ agent: { id: string } }[]>('GET', '/v2/all_inboxes')).body
  expect(inboxes.map((i) => i.agent.id)).toEqual(['spare', 'spare'])
  await removing.getByRole('button', { name: 'Remove', exact: true }).click()
  await expect(page.getByTestId('provider-row-in-use')).toHaveCount(0)
})

test('providers page at 800 px wide: the key and last-check badges stay whole words, not cut to "N." and "Wo…"', async ({ page, node }) => {
  await page.setViewportSize({ width: 800, height: 700 })
  await node.api('POST', '/v2/add_llm_provider', {
    ...providerBody('local-model', node.fake.url),
    api_key: null,
    name: 'Local model',
    description: 'The model on this machine'
  })
  await page.goto(node.uiUrl)
  await page.getByRole('link', { name: 'Providers' }).click()
  const row = page.getByTestId('provider-row-local-model')
  await row.getByRole('button', { name: /Check/ }).click()
  await expect(row.getByTestId('last-check')).toHaveAttribute('data-state', 'ok')
  // The key's badge shows once (in its column, or under the name when the card is narrow).
  const labels = row.locator('.mantine-Badge-label').filter({ visible: true })
  await expect(labels).toHaveText(['none', 'Works'])
  for (const label of await labels.all()) expect(await label.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
})

test('providers page at 800 px wide: a server’s model count stays on the line of its address, not alone on a line of its own', async ({
  page,
  node
}) => {
  await page.setViewportSize({ width: 800, height: 600 })
  // An address long enough that the title, the address and the count do not fit on one line of the card.
  await node.api('POST', '/v2/add_llm_provider', { ...providerBody('local', `${node.fake.url}/openai/v1`), name: 'Local' })
  await page.goto(node.uiUrl)
  await page.getByRole('link', { name: 'Providers' }).click()
  const card = page.getByTestId('provider-server')
  const count = card.getByText(/1\smodel/)
  await expect(count).toBeVisible()
  const address = card.getByText(`${node.fake.url}/openai/v1`, { exact: true })
  // The top of the address's last line and of the count's line: within a few px (their fonts differ) when they share a line.
  const lastLineTop = (el: Element) => [...el.getClientRects()].at(-1)!.top
  const firstLineTop = (el: Element) => el.getClientRects()[0]!.top
  expect(Math.abs((await count.evaluate(firstLineTop)) - (await address.evaluate(lastLineTop)))).toBeLessThan(6)
  const cardBox = (await card.boundingBox())!
  const countBox = (await count.boundingBox())!
  expect(countBox.x + countBox.width).toBeLessThanOrEqual(cardBox.x + cardBox.width)
  // The table's headings each on one line ("API key" broke into "API" over "key").
  for (const heading of await card.getByRole('columnheader').all()) {
    if (!(await heading.isVisible())) continue // the Model column, moved under the name at this width
    const lines = await heading.evaluate((th) => {
      const range = document.createRange()
      range.selectNodeContents(th)
      // Not the 1 px box of a heading only screen readers read.
      const boxes = [...range.getClientRects()].filter((r) => r.width > 1 && r.height > 1)
      return new Set(boxes.map((r) => Math.round(r.top))).size
    })
    expect(lines, await heading.innerText()).toBeLessThanOrEqual(1)
  }
})

test('Check pressed from the keyboard keeps the focus on Check once the provider has answered (a disabled button used to drop it to the page)', async ({
  page,
  node
}) => {
  await node.api('POST', '/v2/add_llm_provider', { ...providerBody('local-model', node.fake.url), api_key: null })
  await page.goto(node.uiUrl)
  await page.getByRole('link', { name: 'Providers' }).click()
  const row = page.getByTestId('provider-row-local-model')
  const check = row.getByRole('button', { name: /Check/ })
  await check.focus()
  await page.keyboard.press('Enter')
  await expect(row.getByTestId('last-check')).toHaveAttribute('data-state', 'ok')
  await expect(check).toBeFocused()
})

test('providers page at 800 px wide: a long model name (as Together and OpenRouter name theirs) leaves Check, Edit and Remove on screen, and names stay in their cells', async ({
  page,
  node
}) => {
  await page.setViewportSize({ width: 800, height: 600 })
  const model = 'meta-llama/Meta-Llama-3.1-405B-Instruct-Turbo'
  await node.api('POST', '/v2/add_llm_provider', {
    ...providerBody('together-llama', node.fake.url, 'TogetherAI', model),
    name: `Together AI · ${model}`
  })
  await node.api('POST', '/v2/add_llm_provider', {
    ...providerBody('box', node.fake.url),
    name: 'Workstation_under_the_desk_with_the_big_graphics_card_and_the_loud_fan'
  })
  await page.goto(node.uiUrl)
  await page.getByRole('link', { name: 'Providers' }).click()
  const names = {
    'together-llama': `Together AI · ${model}`,
    box: 'Workstation_under_the_desk_with_the_big_graphics_card_and_the_loud_fan'
  }
  for (const [id, shown] of Object.entries(names)) {
    const row = page.getByTestId(`provider-row-${id}`)
    // Where the row shows its model (its own column on a wide window, under the name on a narrow one).
    await expect(row).toContainText(id === 'box' ? 'gpt-e2e' : model)
    const card = (await row.locator('xpath=ancestor::section').boundingBox())!
    for (const name of [`Check ${shown}`, `Edit ${shown}`, `Remove ${shown}`]) {
      const box = (await row.getByRole(name.startsWith('Edit') ? 'link' : 'button', { name }).boundingBox())!
      expect(box.x + box.width, `${name} within its card`).toBeLessThanOrEqual(card.x + card.width)
    }
    // No cell's text runs past its cell into the next one.
    const spills = await row
      .locator('td')
      .evaluateAll((tds) => tds.filter((td) => [...td.querySelectorAll('*')].some((el) => el.scrollWidth > td.clientWidth + 1)).length)
    expect(spills).toBe(0)
  }
})

test('providers page at 800 px wide: a long display name of several words wraps between its words, not inside them', async ({
  page,
  node
}) => {
  await page.setViewportSize({ width: 800, height: 600 })
  const name = 'Team workstation in the basement server room running the quantised seventy billion model'
  await node.api('POST', '/v2/add_llm_provider', { ...providerBody('basement', node.fake.url), name })
  await page.goto(node.uiUrl)
  await page.getByRole('link', { name: 'Providers' }).click()
  const shown = page.getByTestId('provider-row-basement').getByText(name, { exact: true })
  await expect(shown).toBeVisible()
  // Each word's boxes: a word broken across lines has boxes on two lines ("workstati" / "on").
  const broken = await shown.evaluate((el) => {
    const text = el.firstChild!
    const words: string[] = []
    for (const m of (text.textContent ?? '').matchAll(/\S+/g)) {
      const range = document.createRange()
      range.setStart(text, m.index)
      range.setEnd(text, m.index + m[0].length)
      if (new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1) words.push(m[0])
    }
    return words
  })
  expect(broken).toEqual([])
})

test('a last check’s sentence cut to two lines on the providers page can be read whole from there, by keyboard', async ({ page, node }) => {
  // Port 1 is refused before any call: the check fails at once with a long sentence ending in what to do.
  await node.api('POST', '/v2/add_llm_provider', { ...providerBody('far', 'http://127.0.0.1:1/'), api_key: null })
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto(node.uiUrl)
  await page.getByRole('link', { name: 'Providers' }).click()
  const row = page.getByTestId('provider-row-far')
  await row.getByRole('button', { name: /Check/ }).click()
  await expect(row.getByTestId('last-check')).toHaveAttribute('data-state', 'failed')
  const detail = row.getByTestId('last-check-detail')
  const cut = () => detail.evaluate((el) => el.scrollHeight > el.clientHeight + 1)
  await expect.poll(cut).toBe(true)
  // Named for whose check it opens: a page of failed checks had as many buttons named only "Show all".
  const more = row.getByRole('button', { name: 'Show all of the last check of far', exact: true })
  await more.focus()
  await page.keyboard.press('Enter')
  await expect.poll(cut).toBe(false)
  await expect(detail).toContainText('Move the server to another port.')
  await expect(row.getByRole('button', { name: 'Show less of the last check of far', exact: true })).toBeFocused()
})

test('the Remove dialog of a provider with a long name without spaces keeps the title inside the dialog at 800 px', async ({
  page,
  node
}) => {
  await page.setViewportSize({ width: 800, height: 600 })
  const name = 'Workstation_under_the_desk_with_the_big_graphics_card_and_the_loud_fan'
  await node.api('POST', '/v2/add_llm_provider', { ...providerBody('box', node.fake.url), name })
  await page.goto(node.uiUrl)
  await page.getByRole('link', { name: 'Providers' }).click()
  await page.getByRole('button', { name: `Remove ${name}` }).click()
  const dialog = page.getByRole('dialog', { name: `Remove provider “${name}” (box)?` })
  await expect(dialog).toBeVisible()
  const title = dialog.locator('.mantine-Modal-title')
  expect(await title.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
  const [t, d] = [(await title.boundingBox())!, (await dialog.boundingBox())!]
  expect(t.x + t.width).toBeLessThanOrEqual(d.x + d.width)
})

test('in a 800x600 window, the question to switch the jobs opens with the dialog’s OK still in sight, below it', async ({ page, node }) => {
  await page.setViewportSize({ width: 800, height: 600 })
  await node.api('POST', '/v2/add_llm_provider', providerBody('in-use', node.fake.url))
  await node.api('POST', '/v2/add_llm_provider', { ...providerBody('spare', node.fake.url), name: 'Spare' })
  for (let i = 0; i < 3; i++) await node.api('POST', '/v2/create_job', { llm_provider: 'in-use', job_creation_info: { scope: emptyScope } })
  await page.goto(node.uiUrl)
  await page.getByRole('link', { name: 'Providers' }).click()
  await page.getByRole('button', { name: 'Remove in-use' }).click()
  const inUse = page.getByRole('dialog', { name: '“in-use” cannot be removed yet' })
  const ok = inUse.getByRole('button', { name: 'OK', exact: true })
  await expect(ok).toBeInViewport({ ratio: 1 })
  await inUse.getByRole('combobox', { name: 'Switch all 3 to' }).click()
  await page.getByRole('option', { name: /Spare/ }).click()
  await inUse.getByRole('button', { name: 'Switch 3 jobs' }).first().focus()
  await page.keyboard.press('Enter')
  const ask = inUse.getByTestId('confirm-switch')
  await expect(ask.getByRole('button', { name: 'Cancel' })).toBeFocused()
  // The question, its buttons and the dialog's OK are all in sight: OK was pushed below the window's edge.
  await expect(ask.getByRole('button', { name: 'Switch 3 jobs' })).toBeInViewport({ ratio: 1 })
  await expect(ask.getByRole('button', { name: 'Cancel' })).toBeInViewport({ ratio: 1 })
  await expect(ok).toBeInViewport({ ratio: 1 })
  await page.keyboard.press('Enter')
  await expect(ask).toHaveCount(0)
  await expect(ok).toBeInViewport({ ratio: 1 })
})

test('providers page at 800x600: the last check reads whole (its time on one line, a common sentence not cut), the key under the name, no sideways scroll', async ({
  page,
  node
}) => {
  await page.setViewportSize({ width: 800, height: 600 })
  await node.api('POST', '/v2/add_llm_provider', { ...providerBody('local', node.fake.url), api_key: null, name: 'Local model' })
  expect((await node.api('POST', '/v2/check_llm_provider', { llm_provider_id: 'local' })).status).toBe(200)
  await page.clock.install({ time: Date.now() })
  await page.goto(node.uiUrl)
  await page.getByRole('link', { name: 'Providers' }).click()
  const row = page.getByTestId('provider-row-local')
  await expect(row.getByTestId('last-check')).toHaveAttribute('data-state', 'ok')
  // Checked an hour ago: "1 hr. ago" stood in three lines beside the badge.
  await page.clock.fastForward('01:00:00')
  const when = row.getByTestId('last-check').getByText(/ago$/)
  await expect(when).toBeVisible()
  expect(await when.evaluate((el) => el.getClientRects().length)).toBe(1)
  // "The OpenAI-compatible server at http://…/v1 answered with model 'gpt-e2e': …" whole, with no "Show all".
  const detail = row.getByTestId('last-check-detail')
  await expect(detail).toContainText("answered with model 'gpt-e2e'")
  expect(await detail.evaluate((el) => el.scrollHeight <= el.clientHeight + 1)).toBe(true)
  await expect(row.getByRole('button', { name: 'Show all' })).toHaveCount(0)
  // The key's badge, moved under the name to make the room, still shows.
  await expect(row.getByText('API key')).toBeVisible()
  await expect(row.locator('.mantine-Badge-label').filter({ visible: true })).toHaveText(['none', 'Works'])
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth <= document.documentElement.clientWidth)).toBe(true)
})
