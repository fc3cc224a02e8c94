import type { Page } from '@playwright/test'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { expect, test, type HeadlessNode } from './fixtures/node'
import { providerBody } from './seed'

/*
 * At 800x600 the preview goes under the tree (narrow window), and a file opened from the tree showed
 * only the reader's head (name, path, badges) above the fold: its passages were below, with nothing
 * saying so. Opening a file now brings the whole reader into view; at 1280x800, where it stands beside
 * the tree, nothing moves. A real PDF, uploaded over HTTP, read by the node.
 */

/** A four-page PDF with a line of text on each page. */
async function report(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create()
  const font = await pdf.embedFont(StandardFonts.Helvetica)
  for (let p = 1; p <= 4; p++)
    pdf.addPage().drawText(`Quarter ${p}: the boiler was serviced and the rent was paid on time.`, { x: 50, y: 700, size: 12, font })
  return pdf.save()
}

async function uploadBytes(node: HeadlessNode, folder: string, filename: string, bytes: Uint8Array) {
  const form = new FormData()
  form.append('path', folder)
  form.append('filename', filename)
  form.append('file_data', new Blob([Buffer.from(bytes)]), filename)
  const res = await fetch(`${node.serve.url}/v2/upload_file_to_folder`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${node.serve.token}` },
    body: form
  })
  expect(res.status).toBe(200)
}

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
  await uploadBytes(node, '/Reports', 'annual report 2025.pdf', await report())
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
