import { expect, test } from './fixtures/node'
import { openNewJobInbox } from './pages/inbox'

/*
 * A wide table in an answer (14 columns) ran out of the answer to the window's edge in an 800 px
 * window, its cells a letter or two wide ("co / lu / mn"), and could not be read: it now scrolls
 * sideways in its own box, reached from the keyboard, as a code block does.
 */
test('a wide table in an answer stays inside the answer, its words whole, and scrolls sideways (from the keyboard too)', async ({
  page,
  node
}) => {
  await page.setViewportSize({ width: 800, height: 600 })
  const columns = Array.from({ length: 14 }, (_, i) => `column header ${i}`)
  const table = [
    `| ${columns.join(' | ')} |`,
    `|${columns.map(() => '---').join('|')}|`,
    `| ${columns.map((_, i) => `value ${i}`).join(' | ')} |`
  ].join('\n')
  const inbox = await openNewJobInbox(page, node)
  node.fake.behaviour = { type: 'reply', chunks: [`Here it is:\n\n${table}\n`] }
  await inbox.send('A table, please')
  const answer = inbox.answers().last()
  const region = answer.getByRole('region', { name: 'Table' })
  await expect(region.getByRole('columnheader', { name: 'column header 13' })).toBeAttached()
  const card = (await answer.boundingBox())!
  const box = (await region.boundingBox())!
  expect(box.x + box.width, 'the table’s box ends inside the answer').toBeLessThanOrEqual(card.x + card.width + 0.5)
  // Its words whole: a header is one line, not a letter or two a line.
  const header = (await region.getByRole('columnheader', { name: 'column header 0' }).boundingBox())!
  const cell = (await region.getByRole('cell', { name: 'value 0' }).boundingBox())!
  expect(header.height).toBeLessThan(cell.height * 3)
  const widths = await region.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }))
  expect(widths.scroll).toBeGreaterThan(widths.client)
  // Reached with Tab and scrolled with the arrow keys.
  await region.focus()
  await page.keyboard.press('ArrowRight')
  await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(800)
})
