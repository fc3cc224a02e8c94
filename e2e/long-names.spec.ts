import { expect, test } from './fixtures/node'
import { providerBody } from './seed'

/* A long file name is cut with an ellipsis; the icons beside it keep their size, and no tree scrolls sideways. */

const LONG = `${'Quarterly report of the regional planning committee '.repeat(4).trim()}.txt`

test('at 800 px: a long name in the Files tree and in the job creator’s library leaves the icons whole and scrolls nothing sideways', async ({
  page,
  node
}) => {
  await page.setViewportSize({ width: 800, height: 600 })
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  await node.api('POST', '/v2/create_folder', { path: '/', folder_name: LONG.replace('.txt', '') })
  await node.upload('/', LONG, 'Text of the report')
  await page.goto(node.uiUrl)
  await page.evaluate(() => (location.hash = '#/files'))
  const iconWidths = (rows: import('@playwright/test').Locator) =>
    rows.evaluateAll((els) =>
      els.flatMap((el) => [...el.querySelectorAll('svg.tabler-icon')].map((svg) => Math.round(svg.getBoundingClientRect().width)))
    )
  const filesRows = page.getByTestId('tree-row')
  await expect(filesRows).toHaveCount(2)
  // Chevron 14, folder 16, file 16, the menu's dots 16: none squeezed.
  const filesRowsIcons = await iconWidths(filesRows)
  expect(filesRowsIcons.length).toBeGreaterThanOrEqual(4)
  expect(filesRowsIcons.every((w) => w >= 14)).toBe(true)

  await page.evaluate(() => (location.hash = '#/jobs/new'))
  const pickerRows = page.getByTestId('library-row')
  await expect(pickerRows).toHaveCount(2)
  const pickerRowsIcons = await iconWidths(pickerRows)
  expect(pickerRowsIcons.length).toBe(3) // the folder's chevron and icon, the file's icon
  expect(pickerRowsIcons.every((w) => w >= 14)).toBe(true)
  const scroll = page.getByTestId('library-scroll')
  const sizes = await scroll.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }))
  expect(sizes.scroll).toBeLessThanOrEqual(sizes.client)
  await expect(pickerRows.first().locator('[title]').first()).toHaveAttribute('title', LONG.replace('.txt', ''))
})
