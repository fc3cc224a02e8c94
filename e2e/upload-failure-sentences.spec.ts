import { seriousViolations } from './axe'
import { expect, test } from './fixtures/node'
import { docxOf, pdfOf } from './documents'
import { providerBody } from './seed'

/*
 * An upload row said "failed: file_data: salaries.pdf could not be read: it is protected by a
 * password; …", the node's field path and cause. Each row now says in sentences, naming the file,
 * what went wrong and what to do; the node's own message is behind the row's Details button (it was
 * only in a tooltip, out of reach of the keyboard and screen readers). Real documents, picked in
 * Chromium and refused by the node over HTTP.
 */
test('files the node refuses: each row says why in plain sentences and what to do, with the node message behind Details', async ({
  page,
  node
}) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  const word = await docxOf(['The committee met on Tuesday.', 'The budget was approved.'])
  await page.goto(node.uiUrl)
  await page.getByRole('link', { name: 'Files' }).click()
  await expect(page.getByTestId('files-empty')).toBeVisible()
  await page
    .locator('input[type=file]')
    .first()
    .setInputFiles([
      { name: 'salaries.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await pdfOf(['Salaries 2026'], { locked: true })) },
      { name: 'minutes.docx', mimeType: 'application/octet-stream', buffer: Buffer.from(word.subarray(0, word.length >> 1)) },
      { name: 'holiday photo.png', mimeType: 'image/png', buffer: Buffer.from('\x89PNG\r\n\x1a\nnot really') }
    ])
  const row = (name: string) => page.getByTestId('upload-row').filter({ hasText: name })
  for (const name of ['salaries.pdf', 'minutes.docx', 'holiday photo.png']) await expect(row(name)).toHaveAttribute('data-state', 'failed')

  const why = (name: string) => row(name).getByTestId('upload-failure')
  await expect(why('salaries.pdf')).toHaveText(
    'salaries.pdf is protected by a password, so the node cannot read it. Save a copy without the password and upload that.'
  )
  await expect(why('minutes.docx')).toHaveText(
    /^minutes\.docx could not be read: it seems damaged, protected by a password, or not really the kind of file its name says\. /
  )
  await expect(why('holiday photo.png')).toHaveText(
    /^holiday photo\.png is not a kind of file the library reads\. It reads plain text \(\.txt\), .* PDF \(\.pdf\), Word \(\.docx\), /
  )
  // Until asked for, the node's field paths are not shown.
  await expect(page.getByTestId('upload-row').getByText(/failed: |file_data/)).toHaveCount(0)
  // The node's own words stay at hand, from the keyboard: Details shows them below the row.
  const details = page.getByRole('button', { name: 'Details of the failed upload of minutes.docx' })
  await expect(details).toHaveAttribute('aria-expanded', 'false')
  await details.focus()
  await page.keyboard.press('Enter')
  await expect(details).toHaveAttribute('aria-expanded', 'true')
  await expect(details).toBeFocused()
  const detail = row('minutes.docx').getByTestId('upload-failure-detail')
  await expect(detail).toHaveText(/^The node answered: file_data: minutes\.docx could not be read: /)
  await expect(detail).toBeVisible()
  await expect(details).toHaveAttribute('aria-controls', (await detail.getAttribute('id'))!)
  await page.mouse.move(0, 0)
  expect(await seriousViolations(page)).toEqual([])
  // Refused for what they are: sent again they would be refused again, so no Retry.
  await expect(page.getByTestId('upload-row').getByRole('button', { name: /^Retry/ })).toHaveCount(0)
})

/*
 * An upload the node never answered (the connection cut): its Details said "The node answered: The node
 * did not answer (the upload was interrupted)". Only the node's own words are led by "The node answered".
 */
test('an upload the node did not answer: its Details do not say the node answered', async ({ page, node }) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  await page.goto(node.uiUrl)
  await page.getByRole('link', { name: 'Files' }).click()
  await expect(page.getByTestId('files-empty')).toBeVisible()
  await page.route(/upload_file_to_folder/, (route) => route.abort('connectionreset'))
  await page
    .locator('input[type=file]')
    .first()
    .setInputFiles([{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Notes.') }])
  const row = page.getByTestId('upload-row').filter({ hasText: 'notes.txt' })
  await expect(row).toHaveAttribute('data-state', 'failed')
  await expect(row.getByTestId('upload-failure')).toHaveText(/^notes\.txt was not uploaded: the node did not answer\./)
  await row.getByRole('button', { name: 'Details of the failed upload of notes.txt' }).click()
  const detail = row.getByTestId('upload-failure-detail')
  await expect(detail).toHaveText(/^The node did not answer/)
  await expect(row.getByTestId('upload-failure')).not.toHaveAttribute('title', /^The node answered/)
})
