import type { Page, Request } from '@playwright/test'
import { expect, test } from './fixtures/node'
import { holdRequests } from './held-requests'
import { providerBody } from './seed'

/*
 * The Files page's reads the node is slow to answer, given up when the reader moves on (another search
 * typed, another file opened): each held one of the browser's 6 connections to the node, and the page's
 * later reads queued behind them.
 */

/** The page's requests that `ours` matches, sent and neither answered nor given up. */
function inFlight(page: Page, ours: (url: URL) => boolean): Set<Request> {
  const open = new Set<Request>()
  page.on('request', (r) => ours(new URL(r.url())) && open.add(r))
  page.on('requestfinished', (r) => open.delete(r))
  page.on('requestfailed', (r) => open.delete(r))
  return open
}

test('library searches typed over one another leave none of the earlier ones open, and the last one shows its results', async ({
  page,
  node
}) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  expect((await node.upload('/', 'boiler.txt', 'The boiler service is booked for October.')).status).toBe(200)
  const searches = (url: URL) => ['/v2/search_items', '/v2/search_items_words', '/v2/find_vector_fs_entries'].includes(url.pathname)
  await page.goto(node.uiUrl)
  await page.getByRole('link', { name: 'Files' }).click()
  await expect(page.getByRole('treeitem', { name: /^boiler\.txt/ })).toBeVisible()
  // Every search but the last is held by a slow node.
  let holding = true
  const release = await holdRequests(page, (url) => searches(url) && holding)
  const open = inFlight(page, searches)
  const box = page.getByRole('textbox', { name: 'Search the library' })
  for (const q of ['qzx', 'qzxv', 'qzxvw']) {
    const sent = page.waitForRequest((r) => new URL(r.url()).pathname === '/v2/search_items')
    await box.fill(q)
    await box.press('Enter')
    await sent
  }
  holding = false
  await box.fill('boiler')
  await box.press('Enter')
  const results = page.getByRole('region', { name: 'Search results' })
  await expect(results.getByTestId('name-result')).toHaveText(['boiler.txt in the top folder'])
  await expect(results.getByTestId('search-result').first()).toContainText('boiler.txt')
  await expect.poll(() => open.size).toBe(0)
  release()
})

test('a file left before its preview came leaves no read open, and shows its text when opened again', async ({ page, node }) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  expect((await node.upload('/', 'lease.txt', 'The lease renewal is due in March.')).status).toBe(200)
  expect((await node.upload('/', 'boiler.txt', 'The boiler service is booked for October.')).status).toBe(200)
  const reads = (url: URL) => url.pathname === '/v2/retrieve_vector_resource'
  await page.goto(node.uiUrl)
  await page.getByRole('link', { name: 'Files' }).click()
  await expect(page.getByRole('treeitem', { name: /^lease\.txt/ })).toBeVisible()
  let holding = true
  const release = await holdRequests(page, (url) => reads(url) && holding)
  const open = inFlight(page, reads)
  const preview = page.getByTestId('file-preview')
  await page.evaluate(() => (location.hash = `#/files?path=${encodeURIComponent('/lease.txt')}`))
  await expect.poll(() => open.size).toBeGreaterThan(0)
  // Another file opened before the node sent the first.
  holding = false
  await page.evaluate(() => (location.hash = `#/files?path=${encodeURIComponent('/boiler.txt')}`))
  await expect(preview).toContainText('The boiler service is booked for October.')
  await expect.poll(() => open.size).toBe(0)
  release()
  await page.evaluate(() => (location.hash = `#/files?path=${encodeURIComponent('/lease.txt')}`))
  await expect(preview).toContainText('The lease renewal is due in March.')
})

test('the Files page left before a folder was listed leaves no read open, and lists it when opened again', async ({ page, node }) => {
  await node.api('POST', '/v2/create_folder', { path: '/', folder_name: 'Leases' })
  expect((await node.upload('/Leases', 'lease.txt', 'The lease renewal is due in March.')).status).toBe(200)
  const reads = (url: URL) => url.pathname === '/v2/retrieve_path_simplified' && url.searchParams.get('path') === '/Leases'
  await page.goto(node.uiUrl)
  await page.getByRole('link', { name: 'Files' }).click()
  const folder = page.getByRole('treeitem', { name: /^Leases/ })
  await expect(folder).toBeVisible()
  let holding = true
  const release = await holdRequests(page, (url) => reads(url) && holding)
  const open = inFlight(page, reads)
  await folder.click()
  await page.keyboard.press('ArrowRight')
  await expect.poll(() => open.size).toBeGreaterThan(0)
  // Off to the inboxes before the node listed the folder.
  holding = false
  await page.getByRole('link', { name: 'Inboxes' }).click()
  await expect(page.getByRole('heading', { name: 'Inboxes' })).toBeVisible()
  await expect.poll(() => open.size).toBe(0)
  release()
  await page.getByRole('link', { name: 'Files' }).click()
  await page.getByRole('treeitem', { name: /^Leases/ }).click()
  await page.keyboard.press('ArrowRight')
  await expect(page.getByRole('treeitem', { name: /^lease\.txt/ })).toBeVisible()
})
