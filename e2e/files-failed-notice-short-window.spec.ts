import { createServer, type AddressInfo } from 'node:net'
import { seriousViolations } from './axe'
import { expect, test } from './fixtures/node'
import { providerBody } from './seed'

/*
 * At 800x600 the Files page's notice of files that failed in embedding was squeezed to its title:
 * the page's column shrank it (an alert clips what overflows it), so the reason, the link to Settings
 * and "Embed the N failed files again" were cut off, while Tab still went to them, out of sight. What
 * stands above the tree now keeps its height, and the page scrolls. A real node whose embedding
 * server is stopped (nothing listens on its port).
 */

async function portWhereNothingListens(): Promise<number> {
  const s = createServer()
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r))
  const port = (s.address() as AddressInfo).port
  await new Promise<void>((r) => s.close(() => r()))
  return port
}

for (const { width, height, scheme } of [
  { width: 800, height: 600, scheme: 'dark' },
  { width: 1280, height: 800, scheme: 'light' }
] as const) {
  test(`at ${width}x${height} (${scheme}), the failed-embedding notice is shown whole and its controls are reached in view`, async ({
    page,
    node
  }) => {
    const port = await portWhereNothingListens()
    await node.api('POST', '/v2/add_llm_provider', { ...providerBody('emb', `http://127.0.0.1:${port}/v1`), name: 'Stopped embeddings' })
    for (let i = 0; i < 8; i++) expect((await node.upload('/', `note ${i}.txt`, `Note ${i} on the harvest.`)).status).toBe(200)
    expect((await node.api('POST', '/v2/update_default_embedding_model', { provider_id: 'emb', model: 'nomic-embed-text' })).status).toBe(
      200
    )
    await expect.poll(async () => ((await node.api('GET', '/v2/vector_fs_file_states')).body as { failed: number }).failed).toBe(8)

    await page.setViewportSize({ width, height })
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' })
    await page.goto(node.uiUrl)
    await page.getByRole('link', { name: 'Files', exact: true }).click()
    const notice = page.getByTestId('embedding-failed-notice')
    await expect(notice).toContainText('All 8 files could not be embedded')
    await expect(page.getByRole('treeitem').first()).toBeVisible()
    // Nothing of it is clipped: its whole content fits in its box.
    expect(await notice.evaluate((el) => el.scrollHeight - el.clientHeight)).toBeLessThanOrEqual(1)

    // Reached with the keyboard, back from the search box: each control in view when focused.
    await page.getByRole('textbox', { name: 'Search the library' }).focus()
    await page.keyboard.press('Shift+Tab')
    const again = notice.getByRole('button', { name: 'Embed the 8 failed files again' })
    await expect(again).toBeFocused()
    await expect(again).toBeInViewport()
    await page.keyboard.press('Shift+Tab')
    const settings = notice.getByRole('link', { name: 'Choose another embedding model in Settings' })
    await expect(settings).toBeFocused()
    await expect(settings).toBeInViewport()
    await expect(notice).toContainText('(connection refused)')
    // Its outlined button and link are readable on the red alert, in either scheme.
    await page.mouse.move(0, 0)
    expect(await seriousViolations(page)).toEqual([])
  })
}
