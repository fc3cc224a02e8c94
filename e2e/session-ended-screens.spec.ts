import { expect, test } from './fixtures/node'
import { providerBody } from './seed'

/*
 * The node restarted and no longer knows the window, which is then reloaded (Ctrl+R) on Providers or
 * Settings: the providers cannot be read. Each read again made the list "pending" once more, the window
 * put its loader in the screen's place, and the screen, mounted again, read again: about 150 requests
 * a second, for as long as the window stayed open, with a loader that never went away.
 */
for (const screen of ['Providers', 'Settings']) {
  test(`${screen}, reloaded in a window the restarted node no longer knows: a few requests and a plain notice, no request storm`, async ({
    page,
    node
  }) => {
    await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', `${node.fake.url}/v1`))
    await page.goto(node.uiUrl)
    await page.getByRole('link', { name: screen }).click()
    await expect(page.getByRole('heading', { name: screen, exact: true })).toBeVisible()
    await node.restart()

    let reads = 0
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/v2/available_llm_providers') reads++
    })
    await page.reload()
    await page.waitForTimeout(2_000)
    // The window's start reads it, the screen once more (a 401 is not retried); the storm was hundreds.
    expect(reads).toBeLessThanOrEqual(4)
    await expect(page.getByRole('heading', { name: screen, exact: true })).toBeVisible()
    if (screen === 'Providers') {
      await expect(page.getByRole('alert').filter({ hasText: 'The providers could not be loaded' })).toContainText(
        'This window is not signed in to the node (the node restarted, or'
      )
    }
  })
}
