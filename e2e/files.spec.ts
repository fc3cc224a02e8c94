import { expect, test } from './fixtures/node'
import { FilesPage } from './pages/files'
import { InboxPage } from './pages/inbox'
import { NewJobPage } from './pages/new-job'
import { providerBody } from './seed'

test('two files dropped onto the Files page: a progress row each, then both in the tree, and a preview of one', async ({ page, node }) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  await node.api('POST', '/v2/create_folder', { path: '/', folder_name: 'Leases' })
  await page.goto(node.uiUrl)
  await page.getByRole('link', { name: 'Files' }).click()
  const files = new FilesPage(page)
  await expect(files.rows()).toHaveCount(1)
  await files.recordUploadStates()
  // A few MB so the progress row is seen while the bytes go out.
  const big = 'The tenant pays the rent on the first day of each month. '.repeat(60_000)
  await files.drop(
    [
      { name: 'lease.txt', type: 'text/plain', text: big },
      { name: 'deposit.md', type: 'text/markdown', text: '# Deposit\n\nThe deposit is two months of rent, returned within 30 days.' }
    ],
    '[data-testid=tree-row][data-path="/Leases"] > div'
  )
  await expect(files.uploads()).toHaveCount(2)
  await expect(files.uploads()).toHaveText([/lease\.txt.*done/, /deposit\.md.*done/], { timeout: 30_000 })
  expect(await files.uploadStatesSeen()).toEqual(expect.arrayContaining(['uploading', 'done']))

  await page.getByRole('treeitem', { name: 'Leases', exact: true }).click()
  await expect(files.rows()).toHaveCount(3)
  await expect(files.library()).toContainText('lease.txt')
  await expect(files.library()).toContainText('deposit.md')

  await page.getByRole('treeitem', { name: /^deposit\.md/ }).click()
  await expect(files.preview()).toContainText('The deposit is two months of rent')
  await expect(files.preview()).toContainText('not embedded')

  // Search marks the matching words.
  await page.getByRole('textbox', { name: 'Search the library' }).fill('deposit returned')
  await page.keyboard.press('Enter')
  const result = page.getByTestId('search-result').first()
  await expect(result).toContainText('deposit.md')
  await expect(result.locator('mark')).toHaveText(['Deposit', 'deposit', 'returned'])

  // The start of a word finds it, as an operator types it: "tena" finds "tenant", marked as typed.
  await page.getByRole('textbox', { name: 'Search the library' }).fill('tena')
  await page.keyboard.press('Enter')
  await expect(result).toContainText('lease.txt')
  await expect(result.locator('mark').first()).toHaveText('tena')
})

test('an empty library says so; a new folder, a rename and a confirmed delete', async ({ page, node }) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  await page.goto(node.uiUrl)
  await page.getByRole('link', { name: 'Files' }).click()
  const files = new FilesPage(page)
  await expect(page.getByTestId('files-empty')).toContainText('The library is empty')
  await page.getByRole('button', { name: 'New folder' }).click()
  await page.getByLabel('Folder name').fill('Drafts')
  await page.getByRole('button', { name: 'Create folder' }).click()
  await expect(files.rows()).toHaveText([/Drafts/])

  await page.getByRole('button', { name: 'Actions for Drafts' }).click()
  await page.getByRole('menuitem', { name: 'Rename or move…' }).click()
  await page.getByLabel('Name', { exact: true }).fill('Final')
  await page.getByRole('button', { name: 'Rename' }).click()
  await expect(files.rows()).toHaveText([/Final/])

  await page.getByRole('button', { name: 'Actions for Final' }).click()
  await page.getByRole('menuitem', { name: 'Delete…' }).click()
  await page.getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByTestId('files-empty')).toBeVisible()
  expect((await node.api('GET', '/v2/retrieve_path_simplified?path=/')).body).toEqual([])
})

test('files dropped into a folder, that folder picked as a job scope in the tree, an answer citing a file, its chip opening the preview at the passage', async ({
  page,
  node
}) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  await node.api('POST', '/v2/create_folder', { path: '/', folder_name: 'Leases' })
  // Outside the scope, with the same words: never a source.
  expect((await node.upload('/', 'other.txt', 'The pet policy of another building allows cats.')).status).toBe(200)
  await page.goto(node.uiUrl)
  await page.getByRole('link', { name: 'Files' }).click()
  const files = new FilesPage(page)
  await files.drop(
    [
      { name: 'pets.md', type: 'text/markdown', text: '# Pets\n\nThe pet policy allows one cat per flat, no dogs.' },
      { name: 'parking.txt', type: 'text/plain', text: 'Each flat has one parking space in the courtyard.' }
    ],
    '[data-testid=tree-row][data-path="/Leases"] > div'
  )
  await expect(files.uploads()).toHaveText([/pets\.md.*done/, /parking\.txt.*done/])

  await page.getByRole('link', { name: 'New job' }).click()
  const job = new NewJobPage(page)
  await job.pick(['Leases'])
  await expect(job.library().getByTestId('library-selection-count')).toHaveText('1 folder selected')
  await job.create()
  await expect(page).toHaveURL(/#\/inboxes\/job_inbox/)

  const inbox = new InboxPage(page)
  node.fake.behaviour = { type: 'reply', chunks: ['One cat is allowed.'] }
  await inbox.send('What is the pet policy?')
  await expect(inbox.answers()).toHaveText(/One cat is allowed\./)
  const chips = page.getByTestId('source-chip')
  // The best passage first; only files in the scope (the small scope may bring its other file too).
  await expect(chips.first()).toHaveText('pets.md')
  expect(await chips.allTextContents()).not.toContain('other.txt')
  const prompt = JSON.stringify(node.fake.requests.at(-1)!.body)
  expect(prompt).toContain('one cat per flat')
  expect(prompt).not.toContain('another building')

  await chips.first().click()
  await expect(page).toHaveURL(/#\/files\?path=%2FLeases%2Fpets\.md&node=/)
  await expect(files.preview()).toContainText('pets.md')
  await expect(files.preview().locator('[data-current=true]')).toContainText('one cat per flat')
  await expect(files.preview().locator('[data-current=true]')).toBeInViewport()
})

test('a file dragged onto a folder in the tree moves there; a folder dragged into itself stays, with the node saying why', async ({
  page,
  node
}) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  await node.api('POST', '/v2/create_folder', { path: '/', folder_name: 'Archive' })
  await node.api('POST', '/v2/create_folder', { path: '/Archive', folder_name: 'Old' })
  expect((await node.upload('/', 'memo.txt', 'Quarterly memo.')).status).toBe(200)
  await page.goto(node.uiUrl)
  await page.getByRole('link', { name: 'Files' }).click()
  const files = new FilesPage(page)
  await page.getByRole('treeitem', { name: /^memo\.txt/ }).dragTo(page.getByRole('treeitem', { name: 'Archive', exact: true }))
  // The folder it went into opens, with the file in it: it went out of sight with no word.
  await expect(files.rows()).toHaveText([/Archive/, /Old/, /memo\.txt/])
  await expect(page.getByRole('treeitem', { name: /^memo\.txt/ })).toBeFocused()
  expect((await node.api('GET', '/v2/retrieve_path_simplified?path=/Archive&depth=0')).body).toEqual(
    expect.arrayContaining([expect.objectContaining({ path: '/Archive/memo.txt' })])
  )
  await page.getByRole('treeitem', { name: 'Archive', exact: true }).dragTo(page.getByRole('treeitem', { name: 'Old', exact: true }))
  await expect(page.getByRole('alert')).toContainText('Archive was not moved')
  expect((await node.api('GET', '/v2/retrieve_path_simplified?path=/Archive&depth=0')).status).toBe(200)
})

test('a file whose embedding failed keeps its name readable in the tree, says "failed" there, and the preview gives the whole reason', async ({
  page,
  node
}) => {
  // The fake answers chat but has no embeddings endpoint: embedding every file fails with the server's reason.
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', `${node.fake.url}/v1`))
  expect((await node.api('POST', '/v2/update_default_embedding_model', { provider_id: 'gpt', model: 'embed-e2e' })).status).toBe(200)
  expect((await node.upload('/', 'holiday policy.md', '# Holidays\n\nEveryone gets 27 days of paid holiday a year.')).status).toBe(200)
  await page.goto(node.uiUrl)
  await page.getByRole('link', { name: 'Files' }).click()
  const files = new FilesPage(page)
  const row = files.rows().filter({ hasText: 'holiday policy.md' })
  await expect(row).toContainText('failed', { timeout: 20_000 })
  const name = row.getByText('holiday policy.md', { exact: true })
  await expect(name).toBeVisible()
  // Drawn whole, not cut to nothing by the reason beside it.
  expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth && el.clientWidth > 0)).toBe(true)

  await name.click()
  const reason = files.preview().getByRole('alert')
  await expect(reason).toContainText("'embed-e2e'")
  expect(await reason.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
  // Said once above the tree too, naming the model, with the way to the setting.
  const notice = page.getByTestId('embedding-failed-notice')
  await expect(notice).toContainText('The file could not be embedded')
  await expect(notice).toContainText('Embedding with embed-e2e from gpt failed')
  await notice.getByRole('link', { name: 'Choose another embedding model in Settings' }).click()
  await expect(page.getByTestId('embedding-failed')).toContainText("'embed-e2e'")
})
