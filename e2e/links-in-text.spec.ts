import { seriousViolations } from './axe'
import { expect, test } from './fixtures/node'
import { InboxPage } from './pages/inbox'
import { providerBody, seedJobs } from './seed'

/*
 * A link inside a sentence ("Upload documents on the Files page", a link in an answer) was told from
 * the words around it by its colour alone, underlined only on hover: 1.24:1 against them in the dark
 * theme (axe: link-in-text-block). Such links are underlined, in both themes.
 */
for (const scheme of ['light', 'dark'] as const) {
  test(`links inside running text are underlined, not told by colour alone (${scheme})`, async ({ page, node }) => {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' })
    await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
    const [jobId] = await seedJobs(node, 'gpt', 1)
    await page.goto(node.uiUrl)
    await expect(page.getByRole('heading', { name: 'Inboxes' })).toBeVisible()

    // New job with an empty library: "Upload documents on the Files page".
    await page.evaluate(() => (location.hash = '#/jobs/new'))
    const files = page.getByRole('main').getByRole('link', { name: 'Files', exact: true })
    await expect(files).toBeVisible()
    expect(await files.evaluate((a) => getComputedStyle(a).textDecorationLine)).toBe('underline')
    await page.waitForTimeout(300)
    expect(await seriousViolations(page), `new job, empty library (${scheme})`).toEqual([])

    // A link in an answer's sentence.
    await page.evaluate((h) => (location.hash = h), `#/inboxes/${encodeURIComponent(`job_inbox::${jobId}::false`)}`)
    const inbox = new InboxPage(page)
    node.fake.behaviour = { type: 'reply', chunks: ['See the [handbook](https://example.com/handbook) for the days off.'] }
    await inbox.send('Where are the holidays written?')
    const link = inbox.answers().getByRole('link', { name: 'handbook' })
    await expect(link).toBeVisible()
    expect(await link.evaluate((a) => getComputedStyle(a).textDecorationLine)).toBe('underline')
    await page.waitForTimeout(300)
    expect(await seriousViolations(page), `answer with a link (${scheme})`).toEqual([])
  })
}
