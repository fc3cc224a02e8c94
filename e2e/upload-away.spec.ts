import { expect, test } from './fixtures/node'
import { FilesPage } from './pages/files'
import { providerBody } from './seed'

/* Uploads belong to the window, not to a visit of the Files page: they go on, and stay listed, while the operator is elsewhere. */

const nav = (page: import('@playwright/test').Page, name: RegExp) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name })
const focused = (page: import('@playwright/test').Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '')

test('an upload goes on while another page is open: Files shows how many are under way, and its row is there on return', async ({
  page,
  node
}) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  const files = new FilesPage(page)
  await files.openEmpty(node.uiUrl)
  // A slow link (256 KB/s up): 3 MB take about 12 s, long enough to go to another page meanwhile.
  await files.limitUploads(256 * 1024)
  await files.pick([{ name: 'minutes.txt', text: Buffer.alloc(3 * 1024 * 1024, 'minutes of the meeting ') }])
  await expect(files.uploads().filter({ hasText: 'minutes.txt' })).toContainText(/uploading \d+%/)

  await nav(page, /^Settings/).click()
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible()
  const files_ = nav(page, /^Files/)
  await expect(files_).toContainText('1')
  await expect(files_).toHaveAccessibleName('Files 1 upload under way')
  // It finishes while the operator is on Settings.
  await expect(page.getByTestId('uploads-under-way')).toHaveCount(0, { timeout: 45_000 })

  await files_.click()
  await expect(files.uploads().filter({ hasText: 'minutes.txt' })).toHaveAttribute('data-state', 'done')
  await expect(files.rows()).toContainText(['minutes.txt'])
  const listed = await node.api<{ name: string }[]>('GET', '/v2/retrieve_path_simplified?path=/&depth=0')
  expect(listed.body.map((i) => i.name)).toEqual(['minutes.txt'])
})

test('"Cancel N uploads" and "Clear finished" hand the focus on (to each other, then to Upload files), not to the page', async ({
  page,
  node
}) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  const files = new FilesPage(page)
  await files.openEmpty(node.uiUrl)
  await files.limitUploads(512 * 1024)
  await files.pick(['a.txt', 'b.txt', 'c.txt'].map((name) => ({ name, text: Buffer.alloc(4 * 1024 * 1024, `text of ${name} `) })))
  const cancelAll = page.getByRole('button', { name: 'Cancel 3 uploads' })
  await cancelAll.focus()
  await page.keyboard.press('Enter')
  await expect(files.uploads()).toHaveCount(3)
  for (const row of await files.uploads().all()) await expect(row).toHaveAttribute('data-state', 'cancelled')
  await expect.poll(() => focused(page)).toBe('Clear finished')
  await page.keyboard.press('Enter')
  await expect(files.uploads()).toHaveCount(0)
  await expect.poll(() => focused(page)).toBe('Upload files')
  const listed = await node.api<{ name: string }[]>('GET', '/v2/retrieve_path_simplified?path=/&depth=0')
  expect(listed.body).toEqual([])
})

test('thirty files refused for their names scroll within the uploads: the buttons for them all and the library stay in sight; "Dismiss 30 failed" lets them go', async ({
  page,
  node
}) => {
  await page.setViewportSize({ width: 1280, height: 760 })
  const files = new FilesPage(page)
  await files.openEmpty(node.uiUrl)
  const reports = Array.from({ length: 30 }, (_, i) => ({ name: `report-${i}.txt`, text: `Report ${i}.` }))
  await files.pick(reports)
  await expect(files.uploads().and(page.locator('[data-state=done]'))).toHaveCount(30)
  await page.getByRole('button', { name: 'Clear finished' }).click()
  await files.pick(reports)
  await expect(files.uploads().and(page.locator('[data-state=failed]'))).toHaveCount(30)
  // The rows scroll in their own region: the page itself is not pushed down, the tree's first rows show.
  await expect(page.getByRole('button', { name: 'Replace 30 files' })).toBeInViewport()
  await expect(page.getByRole('button', { name: 'Dismiss 30 failed' })).toBeInViewport()
  await expect(files.rows().first()).toBeInViewport()
  expect(await page.evaluate(() => document.scrollingElement!.scrollTop)).toBe(0)
  await expect(page.getByRole('button', { name: 'Clear finished' })).toHaveCount(0)

  await page.getByRole('button', { name: 'Dismiss 30 failed' }).focus()
  await page.keyboard.press('Enter')
  await expect(files.uploads()).toHaveCount(0)
  await expect.poll(() => focused(page)).toBe('Upload files')
  const listed = await node.api<{ name: string }[]>('GET', '/v2/retrieve_path_simplified?path=/&depth=0')
  expect(listed.body).toHaveLength(30)
})
