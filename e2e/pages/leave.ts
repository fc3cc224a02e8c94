import { expect, type Page } from '@playwright/test'

/** The question a page with changes not saved asks before it is left. */
export const leaveDialog = (page: Page) => page.getByRole('dialog', { name: 'Leave without saving?' })

/** Closing the window: the browser asks (beforeunload); dismissed, the page stays open. */
export async function closeIsAskedAndDismissed(page: Page) {
  const unload = page.waitForEvent('dialog')
  await page.close({ runBeforeUnload: true })
  const asked = await unload
  expect(asked.type()).toBe('beforeunload')
  await asked.dismiss()
  expect(page.isClosed()).toBe(false)
}
