import type { Locator } from '@playwright/test'
import { expect, test } from './fixtures/node'
import { providerBody } from './seed'

/** Whether any part of `el` is cut short: the button or its label holds more than it shows. */
const clipped = (el: Locator) =>
  el.evaluate((b) => [b, ...b.querySelectorAll('*')].some((e) => e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1))

test('a failed upload with a long reason keeps its Retry and Dismiss whole beside it', async ({ page, node }) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  // A name taken: the row says so and what to do in a long sentence beside a long name, and Retry is offered (move the other copy, then Retry).
  const name = 'minutes of the extraordinary general meeting of the allotment society, spring session.txt'
  await node.upload('/', name, 'An older copy.')
  await page.goto(node.uiUrl)
  await page.evaluate(() => (location.hash = '#/files'))
  await expect(page.getByRole('heading', { name: 'Files', exact: true })).toBeVisible()
  await page
    .locator('input[type=file]')
    .first()
    .setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from('The minutes.') })
  const row = page.getByTestId('upload-row').filter({ hasText: name })
  await expect(row).toHaveAttribute('data-state', 'failed')
  await expect(row).toContainText('the top folder already has a file or folder of that name')
  const retry = row.getByRole('button', { name: `Retry the upload of ${name}` })
  const dismiss = row.getByRole('button', { name: `Dismiss the failed upload of ${name}` })
  await expect(retry).toHaveText('Retry')
  expect(await clipped(retry)).toBe(false)
  expect(await clipped(dismiss)).toBe(false)
})

test('a type the node cannot read offers no Retry (it would be refused again), and its Dismiss stays whole', async ({ page, node }) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  await page.goto(node.uiUrl)
  await page.evaluate(() => (location.hash = '#/files'))
  await expect(page.getByRole('heading', { name: 'Files', exact: true })).toBeVisible()
  // A type the node cannot read: the row names every kind the library reads, a long sentence.
  await page
    .locator('input[type=file]')
    .first()
    .setInputFiles({ name: 'holiday photo.png', mimeType: 'image/png', buffer: Buffer.from('\x89PNG\r\n\x1a\nnot really') })
  const row = page.getByTestId('upload-row').filter({ hasText: 'holiday photo.png' })
  await expect(row).toHaveAttribute('data-state', 'failed')
  await expect(row).toContainText('holiday photo.png is not a kind of file the library reads. It reads plain text (.txt)')
  const dismiss = row.getByRole('button', { name: 'Dismiss the failed upload of holiday photo.png' })
  await expect(dismiss).toBeVisible()
  await expect(row.getByRole('button', { name: /^Retry/ })).toHaveCount(0)
  expect(await clipped(dismiss)).toBe(false)
})
