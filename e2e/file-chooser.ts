import type { Page } from '@playwright/test'

/**
 * Opens the page's file chooser with `open` (a click or a key, as a user would) and picks `files` in it.
 *
 * Playwright asks Chromium to hand it file choosers (Page.setInterceptFileChooserDialog) when the wait
 * starts, without waiting for the answer; an `open` that reaches the page first shows the chooser
 * uncaught and the wait times out (1 run in 6 of a test that picks twice, once tracing no longer slowed
 * every action). A call answered by the page after the request shows Chromium has taken it.
 */
export async function chooseFiles(page: Page, open: () => Promise<void>, files: string | string[]): Promise<void> {
  const chooser = page.waitForEvent('filechooser')
  await page.evaluate(() => 0)
  await open()
  await (await chooser).setFiles(files)
}
