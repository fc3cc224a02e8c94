import { expect, test } from './fixtures/node'
import { InboxPage, showJobInbox } from './pages/inbox'
import { jobOverFolder, providerBody } from './seed'

test.use({ viewport: { width: 1280, height: 800 } })

/** `n` short lines about nothing in particular: a passage of them is drawn far taller than one line of prose. */
const filler = (part: number, n: number) =>
  Array.from({ length: n }, (_, i) => `Part ${part}, line ${i + 1}: the weather was mild.`).join('\n')

test('a source chip opens its passage in view when the passages before it are tall (a PDF of short lines)', async ({ page, node }) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  // Twelve passages of some thirty lines each (the chunker cuts near 1,200 characters); the one the
  // answer cites is the third, below the reader's first screen once the two above it are measured.
  const parts = Array.from({ length: 12 }, (_, p) =>
    p === 2 ? `${filler(p, 12)}\nThe boathouse key hangs behind the blue door.\n${filler(p, 12)}` : filler(p, 26)
  )
  await node.api('POST', '/v2/create_folder', { path: '/', folder_name: 'Log' })
  expect((await node.upload('/Log', 'logbook.txt', parts.join('\n\n'))).status).toBe(200)
  const jobId = await jobOverFolder(node, 'gpt', 'Log')
  await page.goto(node.uiUrl)
  await showJobInbox(page, jobId)
  const inbox = new InboxPage(page)
  node.fake.behaviour = { type: 'reply', chunks: ['Behind the blue door.'] }
  await inbox.send('Where does the boathouse key hang?')
  await expect(inbox.answers()).toHaveText(/blue door/)

  const chip = page
    .getByTestId('source-chip')
    .filter({ hasText: /logbook\.txt/ })
    .first()
  await chip.click()
  const passage = page.getByTestId('file-preview').locator('[data-current=true]')
  await expect(passage).toContainText('boathouse key')
  await expect(passage).toBeFocused()
  // In sight inside the reader's scrolling list once the passages above it are measured, and read
  // from its first line: a passage taller than the list is not centred with its beginning cut off.
  const sentence = passage.getByText('The boathouse key hangs behind the blue door.')
  await expect(sentence).toBeInViewport()
  const topInList = () =>
    passage.evaluate((el) => {
      const list = el.closest('[data-testid=passages]')!.getBoundingClientRect()
      const top = el.getBoundingClientRect().top
      return top >= list.top - 1 && top < list.bottom
    })
  await expect.poll(topInList).toBe(true)
  // And it stays there: nothing moves it away a moment later.
  await page.waitForTimeout(1000)
  expect(await topInList()).toBe(true)
  await expect(sentence).toBeInViewport()
})
