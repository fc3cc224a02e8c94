import type { Page } from '@playwright/test'

/**
 * Holds the page's requests that `url` matches (a chunk of code, a page of a list) until the returned
 * function is called: a slow load, made to come after the keys a test presses.
 */
export async function holdRequests(page: Page, url: RegExp | ((url: URL) => boolean)): Promise<() => void> {
  let release: () => void = () => {}
  const released = new Promise<void>((r) => (release = r))
  await page.route(url, async (route) => {
    await released
    await route.continue()
  })
  return release
}
