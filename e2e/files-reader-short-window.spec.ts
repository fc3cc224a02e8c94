import type { Page } from '@playwright/test'
import { expect, test, type HeadlessNode } from './fixtures/node'
import { providerBody } from './seed'
import { pdfOf, uploadBytes } from './documents'

/*
 * At 800x600 the preview goes under the tree (narrow window), and a file opened from the tree showed
 * only the reader's head (name, path, badges) above the fold: its passages were below, with nothing
 * saying so. Opening a file now brings the whole reader into view; at 1280x800, where it stands beside
 * the tree, nothing moves. A real PDF, uploaded over HTTP, read by the node.
 */

async function openFromTree(page: Page, node: HeadlessNode) {
  await page.goto(node.uiUrl)
  await page.getByRole('link', { name: 'Files' }).click()
  await page.getByRole('treeitem', { name: 'Reports', exact: true }).click()
  await page.getByRole('treeitem', { name: /^annual report 2025\.pdf/ }).click()
  const preview = page.getByTestId('file-preview')
  await expect(preview.getByTestId('passage').first()).toContainText('Quarter 1: the boiler was serviced')
  return preview
}

test.beforeEach(async ({ node }) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  await node.api('POST', '/v2/create_folder', { path: '/', folder_name: 'Reports' })
  const quarters = [1, 2, 3, 4].map((q) => `Quarter ${q}: the boiler was serviced and the rent was paid on time.`)
  expect((await uploadBytes(node, '/Reports', 'annual report 2025.pdf', await pdfOf(quarters))).status).toBe(200)
  for (let i = 0; i < 6; i++) expect((await node.upload('/', `note ${i}.txt`, `Note ${i}.`)).status).toBe(200)
})

test('at 800x600, a file opened from the tree shows its passages, not only its head', async ({ page, node }) => {
  await page.setViewportSize({ width: 800, height: 600 })
  const preview = await openFromTree(page, node)
  await expect(preview.getByRole('heading', { name: 'annual report 2025.pdf' })).toBeInViewport()
  await expect(preview.getByTestId('passages')).toBeInViewport({ ratio: 0.9 })
  await expect(preview.getByText('Quarter 4: the boiler was serviced')).toBeInViewport()
  // The file opened is still seen in the tree above the reader.
  await expect(page.getByRole('treeitem', { name: /^annual report 2025\.pdf/ })).toBeInViewport()
})

test('at 1280x800 the reader beside the tree is in view as before, and the page does not move', async ({ page, node }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  const preview = await openFromTree(page, node)
  await expect(preview.getByTestId('passages')).toBeInViewport({ ratio: 0.9 })
  await expect(page.getByRole('heading', { name: 'Files', exact: true })).toBeInViewport()
  expect(await page.getByTestId('files-page').evaluate((el) => el.scrollTop)).toBe(0)
})
