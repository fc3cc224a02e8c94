import { seriousViolations } from './axe'
import { expect, test } from './fixtures/node'
import { docxOf, pdfOf, uploadBytes } from './documents'
import { providerBody } from './seed'

/*
 * The Files page's search matched passages only: a file could not be found by its name. Names now
 * come first, with their folder (the node finds them), then passages. Real PDF and DOCX files.
 */
test('the Files search finds a file by its name, with its folder, before the passages; it opens from there', async ({ page, node }) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  await node.api('POST', '/v2/create_folder', { path: '/', folder_name: 'Reports' })
  await node.api('POST', '/v2/create_folder', { path: '/Reports', folder_name: '2025' })
  expect(
    (await uploadBytes(node, '/Reports/2025', 'boiler service.pdf', await pdfOf(['Serviced on 3 October by the engineer.']))).status
  ).toBe(200)
  expect((await uploadBytes(node, '/', 'letters.docx', await docxOf(['The boiler service is booked for October.']))).status).toBe(200)
  for (let i = 0; i < 30; i++) expect((await node.upload('/', `note ${i}.txt`, `Note ${i}.`)).status).toBe(200)
  await page.goto(node.uiUrl)
  await page.getByRole('link', { name: 'Files' }).click()
  await page.getByRole('textbox', { name: 'Search the library' }).fill('boiler serv')
  const results = page.getByRole('region', { name: 'Search results' })
  const names = results.getByRole('region', { name: 'Names' })
  await expect(names.getByTestId('name-result')).toHaveText(['boiler service.pdf in /Reports/2025'])
  await expect(results.getByTestId('search-result').first()).toContainText('letters.docx')
  // Names before passages.
  expect(
    await results.evaluate((r) => {
      const n = r.querySelector('[data-testid=name-result]')!
      const p = r.querySelector('[data-testid=search-result]')!
      return !!(n.compareDocumentPosition(p) & Node.DOCUMENT_POSITION_FOLLOWING)
    })
  ).toBe(true)
  await expect(names.getByTestId('name-result').locator('mark')).toHaveText(['boiler', 'serv'])
  await page.mouse.move(0, 0) // not over the navigation link just clicked (its hover shade)
  expect(await seriousViolations(page), 'search results').toEqual([])

  await names.getByTestId('name-result').click()
  await expect(page.getByTestId('file-preview')).toContainText('Serviced on 3 October by the engineer.')
  await expect(page.getByRole('treeitem', { name: /^boiler service\.pdf/ })).toBeVisible()
})

/*
 * A typed path ("reports/2025") found only names holding both words: not the folder /Reports/2025,
 * nor what is in it. It now lists the folder the path ends at, then what lies under it.
 */
test('the Files search finds a typed path: the folder it ends at, then what lies under it, each with its folder', async ({
  page,
  node
}) => {
  // A node with a provider: with none, the first-run wizard takes the window when the providers are read.
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  await node.api('POST', '/v2/create_folder', { path: '/', folder_name: 'Reports' })
  await node.api('POST', '/v2/create_folder', { path: '/Reports', folder_name: '2025' })
  await node.api('POST', '/v2/create_folder', { path: '/Reports', folder_name: '2024' })
  expect((await node.upload('/Reports/2025', 'boiler service.txt', 'Serviced on 3 October.')).status).toBe(200)
  expect((await node.upload('/Reports/2024', 'roof repair.txt', 'Repaired in May.')).status).toBe(200)
  await page.goto(node.uiUrl)
  await page.getByRole('link', { name: 'Files' }).click()
  await page.getByRole('textbox', { name: 'Search the library' }).fill('reports/2025')
  const names = page.getByRole('region', { name: 'Search results' }).getByRole('region', { name: 'Names' })
  await expect(names.getByRole('heading')).toHaveText('Files and folders whose name or path holds “reports/2025”')
  await expect(names.getByTestId('name-result')).toHaveText(['2025 in /Reports', 'boiler service.txt in /Reports/2025'])
  await names.getByTestId('name-result').nth(1).click()
  await expect(page.getByTestId('file-preview')).toContainText('Serviced on 3 October.')
})
