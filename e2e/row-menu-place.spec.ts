import { expect, test } from './fixtures/node'
import { nameJobInbox, providerBody, seedJobs } from './seed'

/*
 * A row's menu is made the first time it is opened. Mantine's Menu.Target gave the row's button a
 * class name of its own in place of the row's: the button lost its margin and moved 8 px to the right,
 * out of line with every other row's, from then on (pinning a row from its menu showed it at the top).
 */
test("a row's menu button stays in line with the others once its menu has been opened", async ({ page, node }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', `${node.fake.url}/v1`))
  const ids = await seedJobs(node, 'gpt', 3, 1)
  await nameJobInbox(node, ids[2]!, 'Newest chat')
  await page.goto(node.uiUrl)
  await expect(page.getByText('3 inboxes')).toBeVisible()
  const button = (name: RegExp) => page.getByRole('button', { name })
  const left = async (name: RegExp) => (await button(name).first().boundingBox())!.x
  const others = await left(/^Actions for (?!Newest chat)/)
  expect(await left(/^Actions for Newest chat/)).toBe(others)

  // Opened from the keyboard (Shift+F10 on the row) and closed with Escape.
  await page.getByRole('link', { name: /^Newest chat/ }).focus()
  await page.keyboard.press('Shift+F10')
  await expect(page.getByRole('menuitem').first()).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('menu')).toHaveCount(0)
  await expect.poll(() => left(/^Actions for Newest chat/)).toBe(others)

  // Opened with the mouse, and an action taken from it: the row moves to the pinned section on top.
  await button(/^Actions for Newest chat/).click()
  await page.getByRole('menuitem', { name: 'Pin', exact: true }).click()
  await expect(page.getByText('3 inboxes, 1 pinned', { exact: true })).toBeVisible()
  await expect.poll(() => left(/^Actions for Newest chat/)).toBe(others)
})
