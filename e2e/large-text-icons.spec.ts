import type { Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures/node'
import { InboxPage, showJobInbox } from './pages/inbox'
import { providerBody, seedJobs } from './seed'

/*
 * Large text (WCAG 1.4.4): the icons of buttons that show nothing else (a row's "…", Hide conversations, Copy,
 * Edit and Remove), of Send, and the pinned and hidden markers grow with the text. Their sizes were in px: at a 32 px text
 * size they stayed as at 16 px, a 14 px copy icon in a button twice its size, a 12 px pin beside 28 px names.
 * At the usual 16 px text they keep the sizes the screenshots show.
 */

async function textSize(page: Page, px: number) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Page.enable')
  await cdp.send('Page.setFontSizes', { fontSizes: { standard: px } })
}

const width = async (icon: Locator) => (await icon.boundingBox())!.width

for (const px of [16, 32]) {
  test(`at a ${px} px text size the icons of the conversation's buttons and markers are ${px / 16}× their usual size`, async ({
    page,
    node
  }) => {
    const scale = px / 16
    // Wide enough for the conversation list beside the conversation at 32 px (from 75em).
    await page.setViewportSize({ width: 2600, height: 1200 })
    await textSize(page, px)
    await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
    const ids = await seedJobs(node, 'gpt', 2)
    await node.api('POST', '/v2/update_inbox_pinned', { inbox_name: `job_inbox::${ids[0]}::false`, pinned: true })
    await page.goto(node.uiUrl)
    await expect(page.getByTestId('inbox-row')).toHaveCount(2)
    expect(await width(page.getByTestId('inbox-row').getByRole('img', { name: 'Pinned' }))).toBe(14 * scale)

    await showJobInbox(page, ids[0]!)
    const inbox = new InboxPage(page)
    node.fake.behaviour = { type: 'reply', chunks: ['Run:\n\n```sh\nnpm run serve\n```\n'] }
    await inbox.send('How do I start it?')
    await expect(inbox.answers()).toContainText('npm run serve')
    const list = page.getByTestId('conversation-list')
    expect({
      pinned: await width(list.getByRole('img', { name: 'Pinned' })),
      hide: await width(page.getByRole('button', { name: 'Hide conversations' }).locator('svg')),
      copyAnswer: await width(inbox.answers().getByRole('button', { name: 'Copy answer' }).locator('svg')),
      copyCode: await width(inbox.answers().getByRole('button', { name: 'Copy sh code' }).locator('svg')),
      send: await width(page.getByRole('button', { name: 'Send' }).locator('svg'))
    }).toEqual({ pinned: 12 * scale, hide: 18 * scale, copyAnswer: 14 * scale, copyCode: 14 * scale, send: 16 * scale })

    await page.evaluate(() => (location.hash = '#/providers'))
    const row = page.getByRole('row', { name: /^gpt/ })
    expect({
      edit: await width(row.getByRole('link', { name: /^Edit/ }).locator('svg')),
      remove: await width(row.getByRole('button', { name: /^Remove/ }).locator('svg'))
    }).toEqual({ edit: 18 * scale, remove: 18 * scale })

    // A hidden conversation's "Hidden" marker beside its name.
    await node.api('POST', '/v2/update_job_hidden', { job_id: ids[1], is_hidden: true })
    await showJobInbox(page, ids[1]!)
    expect(await width(page.getByTestId('conversation-header').getByTestId('hidden-marker').locator('svg'))).toBe(12 * scale)

    // The Files tree: a file's icon stands under its folder's icon, past the folder's chevron, at any text size.
    await node.api('POST', '/v2/create_folder', { path: '/', folder_name: 'Contracts' })
    expect((await node.upload('/', 'Lease.txt', 'The lease runs for two years.')).status).toBe(200)
    await page.evaluate(() => (location.hash = '#/files'))
    const left = async (name: string, at: number) => (await page.getByRole('treeitem', { name }).locator('svg').nth(at).boundingBox())!.x
    await expect(page.getByRole('treeitem')).toHaveCount(2)
    expect(await left('Lease.txt', 0)).toBeCloseTo(await left('Contracts', 1), 0)
  })
}
