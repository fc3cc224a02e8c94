import { seriousViolations } from './axe'
import { contrastOf } from './contrast'
import { expect, test } from './fixtures/node'
import { providerBody, seedJobs } from './seed'

/*
 * Coloured text on Mantine's tints: a yellow alert's title (a conversation deleted while open) was
 * drawn at 2.7:1, and a light button's blue text on its hovered tint at 4.0:1. Measured as Chromium
 * paints them, in both colour schemes: text needs 4.5:1 (WCAG AA).
 */
for (const scheme of ['light', 'dark'] as const) {
  test(`a yellow alert's title and a hovered light button read at 4.5:1 or more (${scheme})`, async ({ page, node }) => {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' })
    await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', `${node.fake.url}/v1`))
    const [jobId] = await seedJobs(node, 'gpt', 1)
    await node.api('POST', '/v2/job_message', { job_id: jobId, content: 'Hello there' })
    await page.goto(node.uiUrl)
    await page.evaluate((h) => (location.hash = h), `#/inboxes/${encodeURIComponent(`job_inbox::${jobId!}::false`)}`)
    await expect(page.getByRole('heading', { name: 'Hello there' })).toBeVisible()

    await node.api('POST', '/v2/remove_job', { job_id: jobId })
    const title = page.getByText('This conversation was deleted', { exact: true })
    await expect(title).toBeVisible()
    await page.waitForTimeout(300)
    expect(await contrastOf(title)).toBeGreaterThanOrEqual(4.5)
    expect(await seriousViolations(page)).toEqual([])

    await page.evaluate(() => (location.hash = '#/files'))
    const newFolder = page.getByRole('button', { name: 'New folder' })
    await expect(newFolder).toBeVisible()
    await newFolder.hover()
    await page.waitForTimeout(300)
    expect(await contrastOf(newFolder, '.mantine-Button-label')).toBeGreaterThanOrEqual(4.5)
  })
}
