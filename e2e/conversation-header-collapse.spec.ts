import type { Page } from '@playwright/test'
import { expect, test } from './fixtures/node'
import { showJobInbox } from './pages/inbox'
import { nameJobInbox, providerBody, seedJobs } from './seed'

/*
 * Collapsing the conversation list beside an open conversation gave the header the list's width, and
 * it rearranged itself: the provider moved up beside the name, and the name dropped below the list's
 * Show toggle. Only the list goes now; the name and the provider stay where they were.
 */
const places = async (page: Page) => {
  const title = (await page.getByTestId('inbox-title').boundingBox())!
  const provider = (await page.getByRole('combobox', { name: 'Provider' }).boundingBox())!
  return { titleTop: Math.round(title.y), providerTop: Math.round(provider.y), providerBelowTitle: provider.y >= title.y + title.height }
}

for (const width of [1280, 1600]) {
  test(`at ${width} px, collapsing and showing the conversation list keeps the conversation's header as it was`, async ({ page, node }) => {
    await page.setViewportSize({ width, height: 800 })
    await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', `${node.fake.url}/v1`))
    const ids = await seedJobs(node, 'gpt', 2, 1)
    await nameJobInbox(node, ids[0]!, 'Quarterly budget review, north')
    await page.goto(node.uiUrl)
    await showJobInbox(page, ids[0]!)
    await expect(page.getByTestId('inbox-title')).toHaveText('Quarterly budget review, north')
    const open = await places(page)

    await page.getByRole('button', { name: 'Hide conversations' }).click()
    await expect(page.getByRole('navigation', { name: 'Conversations' })).toHaveCount(0)
    expect(await places(page)).toEqual(open)

    await page.getByRole('button', { name: 'Show conversations' }).click()
    await expect(page.getByRole('navigation', { name: 'Conversations' })).toBeVisible()
    expect(await places(page)).toEqual(open)
  })
}
