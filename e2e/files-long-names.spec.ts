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
  await expect(sentence).toContainText('Northern_and_western_branches_combined, or onto a folder in the tree.')
  expect(await sentence.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
})
