import { expect, test } from './fixtures/node'
import { emptyScope, providerBody } from './seed'

test('the inbox header on narrower windows: the name, the whole Conversations label and the provider all fit', async ({ page, node }) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  const { job_id: jobId } = (
    await node.api<{ job_id: string }>('POST', '/v2/create_job', { llm_provider: 'gpt', job_creation_info: { scope: emptyScope } })
  ).body
  const inboxId = `job_inbox::${jobId}::false`
  await node.api('POST', '/v2/update_smart_inbox_name', { inbox_name: inboxId, custom_name: 'Quarterly plan' })
  await page.goto(node.uiUrl)
  await page.evaluate((h) => (location.hash = h), `#/inboxes/${encodeURIComponent(inboxId)}`)
  const title = page.getByTestId('inbox-title')
  await expect(title).toHaveText('Quarterly plan')

  // 700: a phone-like window (navbar folded); 1000: the Conversations and Details buttons; 1280: the conversation
  // list beside; 1600: the details panel beside too.
  for (const width of [700, 1000, 1280, 1600]) {
    await page.setViewportSize({ width, height: 800 })
    if (width < 1200) {
      const opener = page.getByRole('button', { name: 'Conversations' })
      await expect(opener).toBeVisible()
      const label = opener.locator('.mantine-Button-label')
      await expect
        .poll(() => label.evaluate((el) => el.scrollWidth - el.clientWidth), { message: `the Conversations label is cut at ${width} px` })
        .toBeLessThanOrEqual(0)
    } else await expect(page.getByTestId('conversation-list')).toBeVisible()
    // The name is readable: the whole of a short one, once the layout has settled (the navigation bar
    // slides in or out over a few frames as the window crosses its width, and the header follows).
    await expect
      .poll(() => title.evaluate((el) => el.scrollWidth - el.clientWidth), { message: `the inbox name is cut at ${width} px` })
      .toBeLessThanOrEqual(0)
    // The provider stays usable (on its own line when needed), not squeezed.
    const provider = page.getByRole('textbox', { name: 'Provider' }).or(page.getByRole('combobox', { name: 'Provider' }))
    await expect(provider).toBeVisible()
    expect((await provider.boundingBox())!.width).toBeGreaterThanOrEqual(200)
    await page.screenshot({ path: test.info().outputPath(`header-${width}.png`) })
  }
})
