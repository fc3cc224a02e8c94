import type { Locator } from '@playwright/test'
import { seriousViolations } from './axe'
import { expect, test } from './fixtures/node'
import { FilesPage } from './pages/files'
import { providerBody } from './seed'

/** Nothing inside `el` runs wider than it (read only by scrolling sideways, or cut off). */
const fitsWidth = (el: Locator) => el.evaluate((box) => [...box.querySelectorAll('*')].every((e) => e.scrollWidth <= box.clientWidth))

test('800 px wide: a file with a long one-word name reads whole in search results and in its preview, with the Download label', async ({
  page,
  node
}) => {
  await page.setViewportSize({ width: 800, height: 600 })
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  const name = `${'Quarterly'.repeat(25)}.txt`
  expect((await node.upload('/', name, `A file about zebras and ${'stripes'.repeat(60)} in one word.`)).status).toBe(200)
  await page.goto(node.uiUrl)
  await page.getByRole('link', { name: 'Files' }).click()
  const files = new FilesPage(page)

  await page.getByRole('textbox', { name: 'Search the library' }).fill('zebras')
  await page.keyboard.press('Enter')
  const result = page.getByTestId('search-result')
  await expect(result).toHaveCount(1)
  await expect(result).toContainText('.txt')
  expect(await fitsWidth(page.getByRole('region', { name: 'Search results' }))).toBe(true)

  await result.click()
  await expect(files.preview()).toContainText(`/${name}`)
  // Under the long head, the passage is there to be read (the panel scrolls to it).
  const passage = files.preview().getByTestId('passage')
  await expect(passage).toHaveCount(1)
  await passage.scrollIntoViewIfNeeded()
  await expect(passage).toBeInViewport()
  await expect(passage).toContainText('zebras')
  expect(await fitsWidth(files.preview())).toBe(true)
  expect(await seriousViolations(page)).toEqual([])
  const download = files.preview().getByRole('button', { name: 'Download' })
  expect(await download.evaluate((b) => b.scrollWidth <= b.clientWidth)).toBe(true)
})

test('800 px wide: the folder uploads go into, with a long one-word path, is named whole in the sentence above the tree', async ({
  page,
  node
}) => {
  await page.setViewportSize({ width: 800, height: 600 })
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  const top = 'Quarterly_reports_for_the_regional_offices_2026'
  await node.api('POST', '/v2/create_folder', { path: '/', folder_name: top })
  await node.api('POST', '/v2/create_folder', { path: `/${top}`, folder_name: 'Northern_and_western_branches_combined' })
  await page.goto(node.uiUrl)
  await page.getByRole('link', { name: 'Files' }).click()
  await page.getByRole('treeitem', { name: top }).click()
  await page.getByRole('treeitem', { name: 'Northern_and_western_branches_combined' }).click()
  const sentence = page.getByTestId('upload-target')
  await expect(sentence).toContainText('Northern_and_western_branches_combined, as do files dropped onto the page')
  expect(await sentence.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
})

for (const size of [
  { width: 800, height: 600 },
  { width: 1280, height: 800 }
]) {
  test(`${size.width}x${size.height}: the Move dialog's folder field shows the end of a long path, the folder's own name, and the whole path on hover`, async ({
    page,
    node
  }) => {
    await page.setViewportSize(size)
    await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
    let path = ''
    for (const folder of [
      'Customer correspondence 2026',
      'Quarterly reports and invoices',
      'Northern region offices',
      'Signed contracts'
    ]) {
      await node.api('POST', '/v2/create_folder', { path: path || '/', folder_name: folder })
      path = `${path}/${folder}`
    }
    await node.upload('/', 'a.txt', 'Text of a.txt')
    await page.goto(node.uiUrl)
    await page.evaluate(() => (location.hash = '#/files'))
    await page.getByRole('treeitem', { name: /^a\.txt/ }).focus()
    await page.keyboard.press('F2')
    const field = page.getByRole('dialog', { name: 'Rename or move a.txt' }).getByRole('combobox', { name: 'Destination folder' })
    await field.click()
    await page.keyboard.type('signed')
    await page.getByRole('option', { name: path }).click()
    await expect(field).toHaveValue(path)
    /** How far the field's text runs past its right edge, in pixels (0: its end is in view). */
    const endHidden = () => field.evaluate((input: HTMLInputElement) => input.scrollWidth - input.clientWidth - input.scrollLeft)
    expect(await field.evaluate((input: HTMLInputElement) => input.scrollWidth > input.clientWidth)).toBe(true)
    await expect.poll(endHidden, 'chosen').toBeLessThanOrEqual(1)
    // Left for the buttons: the browser scrolls a field back to its start as it loses the focus.
    await page.keyboard.press('Tab')
    await expect(field).not.toBeFocused()
    await expect.poll(endHidden, 'left').toBeLessThanOrEqual(1)
    await expect(field).toHaveAttribute('title', path)

    // Moved there, the file's dialog opens on its folder: shown by its end from the start.
    await page.getByRole('dialog', { name: 'Rename or move a.txt' }).getByRole('button', { name: 'Move' }).click()
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect(page.getByRole('treeitem', { name: /^a\.txt/ })).toBeFocused()
    await page.keyboard.press('F2')
    await expect(field).toHaveValue(path)
    await expect.poll(endHidden, 'opened').toBeLessThanOrEqual(1)
  })
}
