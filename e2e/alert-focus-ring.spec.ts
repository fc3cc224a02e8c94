import type { Locator } from '@playwright/test'
import { expect, test } from './fixtures/node'
import { openNewJobInbox } from './pages/inbox'

/**
 * Whether the focus ring of `el` (its box grown by the outline's width and offset) shows whole:
 * no ancestor that clips its content (overflow other than visible) cuts into it.
 */
const ringClippedBy = (el: Locator) =>
  el.evaluate((target) => {
    const cs = getComputedStyle(target)
    const grow = parseFloat(cs.outlineWidth) + Math.max(0, parseFloat(cs.outlineOffset))
    const r = target.getBoundingClientRect()
    const ring = { left: r.left - grow, top: r.top - grow, right: r.right + grow, bottom: r.bottom + grow }
    const clippers: string[] = []
    for (let a = target.parentElement; a; a = a.parentElement) {
      const s = getComputedStyle(a)
      if (s.overflowX === 'visible' && s.overflowY === 'visible') continue
      const b = a.getBoundingClientRect()
      if (ring.left < b.left - 0.5 || ring.top < b.top - 0.5 || ring.right > b.right + 0.5 || ring.bottom > b.bottom + 0.5)
        clippers.push(a.className.toString().slice(0, 60))
    }
    return clippers
  })

test('the focus ring of Retry under a failed answer shows whole, not cut by the note around it', async ({ page, node }) => {
  const inbox = await openNewJobInbox(page, node)
  node.fake.behaviour = { type: 'status', status: 400, body: { error: { message: 'The model crashed.' } } }
  await inbox.send('Will this work?')
  const note = page.getByTestId('message-error')
  await expect(note).toContainText('The model crashed.')
  const retry = note.getByRole('button', { name: 'Retry' })
  await retry.focus()
  await page.keyboard.press('Shift+Tab')
  await page.keyboard.press('Tab') // focused from the keyboard: the ring is drawn
  await expect(retry).toBeFocused()
  expect(await retry.evaluate((b) => getComputedStyle(b).outlineStyle)).not.toBe('none')
  expect(await ringClippedBy(retry)).toEqual([])
})
