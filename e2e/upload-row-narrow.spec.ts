import { expect, test } from './fixtures/node'
import { FilesPage } from './pages/files'
import { providerBody } from './seed'

/*
 * At 800x600 a failed upload's sentence was squeezed beside its buttons (Details, Replace, Retry,
 * Dismiss) into a column about 100 px wide, eleven lines tall. It has a line of its own under the name.
 */
test.use({ viewport: { width: 800, height: 600 } })

test('at 800x600 a failed upload row’s sentence spans the row under its name, its buttons beside the name', async ({ page, node }) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  const files = new FilesPage(page)
  await files.openEmpty(node.uiUrl)
  await node.upload('/', 'minutes.txt', 'The older minutes.')
  await expect(files.rows()).toHaveCount(1)
  await files.pick([{ name: 'minutes.txt', text: 'Minutes of June.' }])
  const row = files.uploads().filter({ hasText: 'minutes.txt' })
  await expect(row).toHaveAttribute('data-state', 'failed')
  const sentence = row.getByTestId('upload-failure')
  const rowBox = (await row.boundingBox())!
  const sentenceBox = (await sentence.boundingBox())!
  const lineHeight = await sentence.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight))
  expect(sentenceBox.width).toBeGreaterThan(rowBox.width * 0.6)
  expect(sentenceBox.height).toBeLessThanOrEqual(lineHeight * 3 + 1)
  // The buttons stay whole, on the name's line, above the sentence; the reading order is name, sentence, buttons.
  const replace = row.getByRole('button', { name: /^Replace the file named minutes\.txt/ })
  const replaceBox = (await replace.boundingBox())!
  expect(replaceBox.y + replaceBox.height).toBeLessThanOrEqual(sentenceBox.y + 1)
  expect(await replace.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
  const order = await row.evaluate((el) => {
    const s = el.querySelector('[data-testid="upload-failure"]')!
    const b = el.querySelector('button')!
    return s.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? 'sentence first' : 'buttons first'
  })
  expect(order).toBe('sentence first')
})
