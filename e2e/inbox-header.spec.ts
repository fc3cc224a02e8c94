import { expect, test } from './fixtures/node'
import { emptyScope, providerBody } from './seed'

/** How wide an element is drawn, and how wide its content would be (wider: it is cut). */
const widths = (el: Element) => ({ shown: el.clientWidth, needed: el.scrollWidth })

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
      const label = await opener.locator('.mantine-Button-label').evaluate(widths)
      expect(label.needed, `the Conversations label is cut at ${width} px`).toBeLessThanOrEqual(label.shown)
    } else await expect(page.getByTestId('conversation-list')).toBeVisible()
    // The name is readable: the whole of a short one, at once (the page's frame is not animated as
    // the window crosses a breakpoint: the header was measured mid-way, and cut, 2 runs in 4).
    const name = await title.evaluate(widths)
    expect(name.needed, `the inbox name is cut at ${width} px`).toBeLessThanOrEqual(name.shown)
    // The provider stays usable (on its own line when needed), not squeezed.
    const provider = page.getByRole('textbox', { name: 'Provider' }).or(page.getByRole('combobox', { name: 'Provider' }))
    await expect(provider).toBeVisible()
    expect((await provider.boundingBox())!.width).toBeGreaterThanOrEqual(200)
    await page.screenshot({ path: test.info().outputPath(`header-${width}.png`) })
  }
})
