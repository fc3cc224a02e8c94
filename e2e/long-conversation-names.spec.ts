import type { Locator } from '@playwright/test'
import { expect, test } from './fixtures/node'
import { showJobInbox } from './pages/inbox'
import { nameJobInbox, providerBody, seedJobs } from './seed'

/*
 * A conversation's name is cut to one line on its inbox row, in the conversation list beside an open
 * one and in that one's header. Conversations are named after their first message, so several may
 * differ only past the cut: the whole name shows when the mouse rests on it, wherever it is cut.
 */
const LONG = `Notes on the migration of the billing database: ${'which tables move first, '.repeat(5)}and the order of the rest`
const OTHER = LONG.replace('the rest', 'the others')

const expectWholeOnHover = async (name: Locator, whole: string) => {
  await expect(name).toBeVisible()
  // Cut indeed: without the hover title, what is past the cut could not be read.
  expect(await name.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true)
  await expect(name).toHaveAttribute('title', whole)
}

test('a long conversation name, cut on its row, in the conversation list and in its header, shows whole on hovering it', async ({
  page,
  node
}) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', `${node.fake.url}/v1`))
  const [first, second] = await seedJobs(node, 'gpt', 2, 1)
  await nameJobInbox(node, first!, LONG)
  await nameJobInbox(node, second!, OTHER)
  await page.goto(node.uiUrl)
  await expect(page.getByText('2 inboxes')).toBeVisible()

  const row = page.getByTestId('inbox-row').filter({ hasText: 'the rest' })
  await expectWholeOnHover(row.getByText(LONG, { exact: true }), LONG)

  await showJobInbox(page, first!)
  await expectWholeOnHover(page.getByTestId('inbox-title'), LONG)
  const list = page.getByRole('navigation', { name: 'Conversations' })
  await expectWholeOnHover(list.getByText(LONG, { exact: true }), LONG)
  await expectWholeOnHover(list.getByText(OTHER, { exact: true }), OTHER)
})
