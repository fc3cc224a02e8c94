import { expect, test } from './fixtures/node'
import { pdfOf, uploadBytes } from './documents'
import { providerBody } from './seed'

/*
 * A 400 px window at 200% text (Chromium's text size 32 px): an operator opening a PDF with a long name
 * saw the preview's heading one or two letters wide, a line per letter, as Download kept its place
 * beside it; and the tree's row showed the file as "e" and "…" beside its whole size, "892 bytes".
 * Download now goes below the name when both do not fit, and a row's size gives way before its name.
 */
test('400 px wide at 200% text: an opened file keeps its name readable in the tree row and in the preview heading', async ({
  page,
  node
}) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  await node.api('POST', '/v2/create_folder', { path: '/', folder_name: 'HR' })
  const name = 'employee-handbook-2026-final-version.pdf'
  expect((await uploadBytes(node, '/HR', name, await pdfOf(['The annual leave is 25 days per year.']))).status).toBe(200)
  await page.setViewportSize({ width: 400, height: 700 })
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Page.setFontSizes', { fontSizes: { standard: 32 } })
  await page.goto(node.uiUrl)
  await page.evaluate(() => (location.hash = '#/files'))
  await page.getByRole('treeitem', { name: 'HR' }).click()
  const row = page.getByRole('treeitem', { name: /^employee-handbook/ })
  await row.click()
  const preview = page.getByTestId('file-preview')
  const heading = preview.getByRole('heading', { name })
  await expect(heading).toBeVisible()

  // The heading takes the preview's width (less its padding), not what Download leaves of it.
  const headingBox = (await heading.boundingBox())!
  const previewBox = (await preview.boundingBox())!
  expect(headingBox.width).toBeGreaterThan(previewBox.width * 0.6)
  await expect(preview.getByRole('button', { name: 'Download' })).toBeInViewport()

  // The row's name shows more of itself than its size does: at least five characters' worth.
  const nameSpan = row.locator('span[title]').filter({ hasText: name })
  const { shown, em } = await nameSpan.evaluate((el) => ({
    shown: el.getBoundingClientRect().width,
    em: parseFloat(getComputedStyle(el).fontSize)
  }))
  expect(shown).toBeGreaterThan(em * 3)
})
