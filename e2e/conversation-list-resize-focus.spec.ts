import { expect, test } from './fixtures/node'
import { showJobInbox } from './pages/inbox'
import { nameJobInbox, providerBody, seedJobs } from './seed'

/*
 * Below 1200 px the conversation list beside an open conversation becomes a drawer, opened by a
 * "Conversations" button; above, the button gives way to the list and its Hide/Show toggle. A control
 * focused in one layout is hidden in the other, and the window's width changed (a window snapped to half
 * the screen) left the focus on the page's body: Tab started again from the top of the window.
 */
test('the window narrowed and widened with the focus in the conversation list: the focus goes to the control in its place', async ({
  page,
  node
}) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', `${node.fake.url}/v1`))
  const ids = await seedJobs(node, 'gpt', 3, 1)
  await nameJobInbox(node, ids[1]!, 'Budget review')
  await page.goto(node.uiUrl)
  await showJobInbox(page, ids[1]!)
  const list = page.getByRole('navigation', { name: 'Conversations' })
  await list.getByRole('link', { name: 'Budget review' }).focus()

  await page.setViewportSize({ width: 800, height: 600 })
  const drawerButton = page.getByRole('button', { name: 'Conversations', exact: true })
  await expect(drawerButton).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('dialog', { name: 'Conversations' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(drawerButton).toBeFocused()

  await page.setViewportSize({ width: 1280, height: 800 })
  await expect(page.getByRole('button', { name: 'Hide conversations' })).toBeFocused()
})

/*
 * The window narrowed while a conversation just opened was still being read (a loaded machine, a slow
 * node): its view was the list and a loader, without the Conversations button yet, and the focus lost by
 * the list's row went to the page's body, then to the conversation's title once it was drawn. It goes to
 * the Conversations button as it is drawn.
 */
test('the window narrowed with the focus in the list while the conversation is still being read: the focus goes to the Conversations button once it is drawn', async ({
  page,
  node
}) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', `${node.fake.url}/v1`))
  const ids = await seedJobs(node, 'gpt', 3, 1)
  await nameJobInbox(node, ids[1]!, 'Budget review')
  await page.goto(node.uiUrl)
  // The conversation's messages are held back until the window has been narrowed.
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/last_messages/, async (route) => {
    if (route.request().postData()?.includes(ids[1]!)) await held
    await route.continue()
  })
  await showJobInbox(page, ids[1]!)
  const loading = page.getByRole('img', { name: 'Loading inbox' })
  await expect(loading).toBeVisible()
  await page.getByRole('navigation', { name: 'Conversations' }).getByRole('link', { name: 'Budget review' }).focus()

  await page.setViewportSize({ width: 800, height: 600 })
  await expect(page.getByRole('navigation', { name: 'Conversations' })).toBeHidden()
  await expect(loading).toBeVisible()
  release()
  await expect(page.getByTestId('inbox-title')).toHaveText('Budget review')
  await expect(page.getByRole('button', { name: 'Conversations', exact: true })).toBeFocused()
})

/*
 * A conversation opened while the window was narrow (its list a drawer), then the window widened: the
 * list beside it showed its top, the open conversation's row far below, out of sight.
 */
test('a conversation opened in a narrow window, the window widened: the list beside it shows the open conversation’s row', async ({
  page,
  node
}) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', `${node.fake.url}/v1`))
  const ids = await seedJobs(node, 'gpt', 30, 1)
  await nameJobInbox(node, ids[2]!, 'Budget review')
  await page.setViewportSize({ width: 800, height: 700 })
  await page.goto(node.uiUrl)
  await showJobInbox(page, ids[2]!)
  await expect(page.getByRole('heading', { name: 'Budget review' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Conversations', exact: true })).toBeVisible()

  await page.setViewportSize({ width: 1280, height: 700 })
  const list = page.getByRole('navigation', { name: 'Conversations' })
  await expect(list.getByRole('link', { name: 'Budget review' })).toBeInViewport()
})
