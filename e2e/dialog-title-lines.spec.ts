import { expect, test } from './fixtures/node'
import { nameJobInbox, providerBody, seedJobs } from './seed'

/*
 * Rename and Delete name the conversation in the dialog's title, which wraps for a long name (a
 * conversation is named after its first message). Mantine gives the title a line height of 1: its
 * lines touched, the descenders of one on the capitals of the next.
 */
const LONG = 'Quarterly planning: hiring, budgets, the Geneva office, the quality of our support, and typography'

test('a dialog title that wraps over several lines keeps them apart (Rename and Delete of a long-named conversation)', async ({
  page,
  node
}) => {
  await page.setViewportSize({ width: 800, height: 600 })
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', `${node.fake.url}/v1`))
  const [id] = await seedJobs(node, 'gpt', 1, 1)
  await nameJobInbox(node, id!, LONG)
  await page.goto(node.uiUrl)
  const row = page.getByRole('link', { name: new RegExp(`^${LONG}`) })
  for (const action of ['Rename', 'Delete']) {
    await row.focus()
    await page.keyboard.press('Shift+F10')
    await page.getByRole('menuitem', { name: action, exact: true }).click()
    const title = page.getByRole('dialog').locator('.mantine-Modal-title')
    await expect(title).toContainText(LONG)
    // The top of each line of the title's text, and its font size.
    const { tops, size } = await title.evaluate((el) => {
      const range = document.createRange()
      range.selectNodeContents(el)
      const tops = [...new Set([...range.getClientRects()].map((r) => Math.round(r.top)))].sort((a, b) => a - b)
      return { tops, size: parseFloat(getComputedStyle(el).fontSize) }
    })
    expect(tops.length, `${action}: the title wraps`).toBeGreaterThan(1)
    for (let i = 1; i < tops.length; i++) expect(tops[i]! - tops[i - 1]!, `${action}: line ${i + 1}`).toBeGreaterThanOrEqual(size * 1.2)
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toHaveCount(0)
  }
})
