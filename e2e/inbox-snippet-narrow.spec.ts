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

/*
 * Its parts follow one another in the snippet's own direction: laid left to right whatever the text, a Hebrew snippet
 * read "after, word found, before" from the right, and an English one whose kept words began with a Hebrew one had
 * that word moved next to the word found.
 */
test('a search snippet keeps its words in reading order in Hebrew and in English starting with a Hebrew word', async ({ page, node }) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  const ids = await seedJobs(node, 'gpt', 2)
  const answers = [
    'Lorem ipsum dolor '.repeat(20) + 'שלום said the boy and then the needle is here, more words after it.',
    'שלום '.repeat(40) + 'שלום ארוך מאוד לפני מחט אחרי ועוד מילים רבות.'
  ]
  for (const [i, word] of ['needle', 'מחט'].entries()) {
    node.fake.behaviour = { type: 'reply', chunks: [answers[i]!] }
    await node.api('POST', '/v2/job_message', { job_id: ids[i], content: `Question ${i}` })
    // The answer stored (the search finds it) before the next is asked.
    const found = async () => (await node.api<unknown[]>('GET', `/v2/search_inboxes?q=${encodeURIComponent(word)}&limit=10`)).body.length
    await expect.poll(found).toBe(1)
  }
  await page.goto(node.uiUrl)
  const list = new InboxListPage(page)
  const search = page.getByRole('textbox', { name: 'Search inboxes' })
  const snippet = list.rows().first().getByTestId('inbox-snippet')
  /** Where each word starts on the screen (the left of its first letter). */
  const xs = (words: string[]) =>
    snippet.evaluate((el, words) => {
      const text = [...el.querySelectorAll('*')].flatMap((e) => [...e.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE))
      return words.map((w) => {
        for (const node of text) {
          const at = node.textContent!.indexOf(w)
          if (at < 0) continue
          const range = document.createRange()
          range.setStart(node, at)
          range.setEnd(node, at + w.length)
          return range.getBoundingClientRect().x
        }
        return NaN
      })
    }, words)

  await search.fill('needle')
  await expect(snippet.locator('mark')).toHaveText(['needle'])
  const [hello, said, needle] = await xs(['שלום', 'said', 'needle'])
  expect(hello, 'the Hebrew word first, left of "said", in an English snippet').toBeLessThan(said!)
  expect(said).toBeLessThan(needle!)

  await search.fill('מחט')
  await expect(snippet.locator('mark')).toHaveText(['מחט'])
  const [before, found, after] = await xs(['לפני', 'מחט', 'אחרי'])
  expect(before, 'read from the right: the word before the word found is right of it').toBeGreaterThan(found!)
  expect(found, '...and the word after it left of it').toBeGreaterThan(after!)
  // Narrow, the word found stays in view there too (the words before it, on its right, give way).
  await page.setViewportSize({ width: 400, height: 700 })
  const inView = async () => {
    const [mark, line] = await Promise.all([snippet.locator('mark').first().boundingBox(), snippet.boundingBox()])
    return !!mark && !!line && mark.width > 0 && mark.x >= line.x - 0.5 && mark.x + mark.width <= line.x + line.width + 0.5
  }
  await expect.poll(inView, { message: "the Hebrew word found, whole within the row's line at 400 px" }).toBe(true)
})
