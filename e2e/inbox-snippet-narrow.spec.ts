import { expect, test } from './fixtures/node'
import { InboxListPage } from './pages/inbox'
import { nameJobInbox, providerBody, seedJobs } from './seed'

/*
 * A search hit's snippet keeps a few words before the first word found, cut to "…". On a narrow window (400 px)
 * those words and the provider filled the row's one line: it ended "…dolor sit amet, the hi…", the word found
 * past its end, and nothing showed why the inbox was a hit. The words before now give way first.
 */
test('on a narrow window a search snippet still shows the word found, the words before it giving way', async ({ page, node }) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  const [id] = await seedJobs(node, 'gpt', 1)
  await nameJobInbox(node, id!, 'A long story')
  node.fake.behaviour = {
    type: 'reply',
    chunks: ['Lorem ipsum dolor sit amet, '.repeat(20) + 'the hidden needle is here, ' + 'consectetur adipiscing elit. '.repeat(20)]
  }
  await node.api('POST', '/v2/job_message', { job_id: id, content: 'Tell me a long story' })
  // The answer stored (the search finds it), before the window is opened.
  await expect.poll(async () => (await node.api<unknown[]>('GET', '/v2/search_inboxes?q=needle&limit=10')).body.length).toBe(1)
  await page.setViewportSize({ width: 400, height: 700 })
  await page.goto(node.uiUrl)
  const list = new InboxListPage(page)
  await expect(list.previews().first()).toContainText('Lorem ipsum')
  const search = page.getByRole('textbox', { name: 'Search inboxes' })
  const snippet = list.rows().first().getByTestId('inbox-snippet')
  const inView = async () => {
    const [mark, line] = await Promise.all([snippet.locator('mark').first().boundingBox(), snippet.boundingBox()])
    return !!mark && !!line && mark.width > 0 && mark.x >= line.x - 0.5 && mark.x + mark.width <= line.x + line.width + 0.5
  }

  for (const width of [400, 1280]) {
    await page.setViewportSize({ width, height: 700 })
    await search.fill('')
    await search.fill('needle')
    await expect(snippet.locator('mark')).toHaveText(['needle'])
    await expect.poll(inView, { message: `the word found, whole within the row's line at ${width} px` }).toBe(true)
  }
  // Wide, the words before it are read as they were: the last few, after "…".
  await expect(snippet).toHaveText(/^….*sit amet, the hidden needle is here/)
})
