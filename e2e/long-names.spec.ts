import { expect, test } from './fixtures/node'
import { nameJobInbox, providerBody, seedJobs } from './seed'
import { showJobInbox } from './pages/inbox'

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

test('at 800 × 600 a file six folders deep is previewed under the tree, and every folder’s name above it is readable', async ({
  page,
  node
}) => {
  await page.setViewportSize({ width: 800, height: 600 })
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  const folders = ['Clients', 'Northwind', 'Contracts', '2024', 'Q3', 'Signed']
  for (let i = 0; i < folders.length; i++)
    await node.api('POST', '/v2/create_folder', { path: `/${folders.slice(0, i).join('/')}`, folder_name: folders[i] })
  const deep = `/${folders.join('/')}`
  await node.upload(deep, 'lease.txt', 'The lease runs for five years.')
  await page.goto(node.uiUrl)
  await page.evaluate((path) => (location.hash = `#/files?path=${encodeURIComponent(path)}`), `${deep}/lease.txt`)
  await expect(page.getByTestId('file-preview')).toContainText('The lease runs for five years.')
  const row = page.getByRole('treeitem', { name: /^lease\.txt/ })
  await expect(row).toBeVisible()
  // Each folder's name, and the file's, is drawn whole (not cut to an ellipsis or a sliver).
  for (const name of [...folders, 'lease.txt']) {
    const text = page
      .getByTestId('tree-row')
      .filter({ has: page.getByText(name, { exact: true }) })
      .getByText(name, { exact: true })
    const cut = await text.evaluate((el) => el.scrollWidth > el.clientWidth + 1)
    expect(cut, name).toBe(false)
  }
  const tree = await page.getByRole('navigation', { name: 'Library' }).boundingBox()
  const preview = await page.getByTestId('file-preview').boundingBox()
  expect(preview!.y).toBeGreaterThanOrEqual(tree!.y + tree!.height) // under the tree, not beside it
})

test('at 600 px a provider’s long display name is cut on the inbox rows: the model and the preview stay in the row', async ({
  page,
  node
}) => {
  await page.setViewportSize({ width: 600, height: 600 })
  const name = 'Shared office workstation with the big graphics card in the back room, second floor east wing'
  await node.api('POST', '/v2/add_llm_provider', { ...providerBody('gpt', node.fake.url), name })
  const [jobId] = await seedJobs(node, 'gpt', 1)
  await nameJobInbox(node, jobId!, 'Lease questions')
  await page.goto(node.uiUrl)
  const row = page.getByTestId('inbox-row')
  await expect(row).toContainText('Shared office')
  const sizes = await row.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }))
  expect(sizes.scroll).toBeLessThanOrEqual(sizes.client)
  const rowBox = (await row.boundingBox())!
  const preview = (await page.getByTestId('inbox-preview').boundingBox())!
  expect(preview.x + Math.min(preview.width, 40)).toBeLessThanOrEqual(rowBox.x + rowBox.width)
  // Cut, the provider's name is read whole on hovering it (its title), as the inbox's name is.
  const badge = row.getByText(name, { exact: true })
  expect(await badge.evaluate((el) => el.scrollWidth > el.clientWidth), 'the name is cut').toBe(true)
  await expect(badge).toHaveAttribute('title', name)
})

test('at 800 px a provider’s long name in the conversation’s Provider field ends in an ellipsis, and the whole name is on hover', async ({
  page,
  node
}) => {
  await page.setViewportSize({ width: 800, height: 600 })
  const name = 'Team workstation in the basement server room running the quantised seventy billion model'
  await node.api('POST', '/v2/add_llm_provider', { ...providerBody('gpt', node.fake.url), name })
  const [jobId] = await seedJobs(node, 'gpt', 1)
  await page.goto(node.uiUrl)
  await showJobInbox(page, jobId!)
  const field = page.getByRole('combobox', { name: 'Provider' })
  await expect(field).toHaveValue(new RegExp(`^${name} · gpt-e2e`))
  const label = await field.inputValue()
  // Cut, it says so ("…"), rather than stopping mid-letter; the whole name is the field's title.
  const shown = await field.evaluate((el: HTMLInputElement) => ({
    cut: el.scrollWidth > el.clientWidth,
    overflow: getComputedStyle(el).textOverflow
  }))
  expect(shown.cut).toBe(true)
  expect(shown.overflow).toBe('ellipsis')
  await expect(field).toHaveAttribute('title', label)
})

test('at 800 px a long model name is cut on the inbox rows: the preview stays in the row, nothing runs under the menu button', async ({
  page,
  node
}) => {
  await page.setViewportSize({ width: 800, height: 600 })
  const model = 'meta-llama/Meta-Llama-3.1-70B-Instruct-Turbo-Quantised-Q4_K_M'
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url, 'OpenAI', model))
  const [jobId] = await seedJobs(node, 'gpt', 1)
  await nameJobInbox(node, jobId!, 'Lease questions')
  await page.goto(node.uiUrl)
  const row = page.getByTestId('inbox-row')
  await expect(row).toContainText('meta-llama')
  const link = (await row.boundingBox())! // the row is its link
  const preview = (await page.getByTestId('inbox-preview').boundingBox())!
  // The preview starts inside the row's link, with room for a few letters of it.
  expect(preview.x + 40).toBeLessThanOrEqual(link.x + link.width)
  const ends = await row.evaluate((a) =>
    [...a.querySelectorAll<HTMLElement>('span')].map((el) => el.getBoundingClientRect().right).filter((r) => r > 0)
  )
  expect(Math.max(...ends)).toBeLessThanOrEqual(link.x + link.width + 1)
})
