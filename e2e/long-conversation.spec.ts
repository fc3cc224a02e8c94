import { test as base, expect, type Page } from '@playwright/test'
import { seedInboxes } from '../bench/seed'
import type { ServeProcess } from '../test/support/serve-process'
import { openConversationAt, scrollConversationToStart } from './conversation-probe'
import { seededServe } from './seeded-serve'

/*
 * Issue 11: a 5,000-message history never finished loading, and the loaded part showed questions
 * more than once. The conversation is now virtualised and paged by offset_key: it opens as fast as
 * a short one (measured against short ones in the same run; the 300 ms target itself is the
 * bench's, `npm run bench`, since a test machine's speed varies: CI's 83 ms was 364 ms on a slower one).
 */
const MESSAGES = 5000
/** Inboxes 0-3 hold MESSAGES messages; 4-6 a short conversation, a screen and a half. */
const LONG = [0, 1, 2, 3]
const SHORT_MESSAGES = 40
/** The seed's hashes, oldest first. */
const expected = Array.from({ length: MESSAGES }, (_, i) => `seed0x${i}`)
const inboxOf = (i: number) => `job_inbox::jobid_seed_${i}::false`

const openAt = (page: Page, i: number) =>
  openConversationAt(page, inboxOf(i), `seed${i}x${(LONG.includes(i) ? MESSAGES : SHORT_MESSAGES) - 1}`)

// One node for both tests (neither changes its data): seeding 20,000 messages and starting a node once.
const test = base.extend<object, { serve: ServeProcess }>({
  serve: [
    seededServe('long', (store) => {
      // Written through the store (as the benches do): seconds, where 2,500 job_message calls take minutes.
      seedInboxes(store, { inboxes: 7, messagesPerInbox: (i) => (LONG.includes(i) ? MESSAGES : SHORT_MESSAGES) })
    }),
    { scope: 'worker' }
  ]
})

test('a 5,000-message inbox opens at its newest message as fast as a short one, and scrolls to its start showing every message once, in order', async ({
  page,
  serve
}) => {
  // The walk to the start reads 100 pages of older messages a screen per frame: a minute or more on a loaded machine.
  test.setTimeout(420_000)
  await page.goto(await serve.newUiUrl()) // the node is shared: each test's window gets a code of its own
  await expect(page.getByTestId('inbox-row').first()).toBeVisible()

  // The first open of any inbox also downloads the view's code: measured, but the figures that count
  // are inboxes opened later, whose messages the window has never fetched (best of three each, long
  // and short in turn, as the machine running the tests is shared).
  const coldMs = await openAt(page, 3)
  const long: number[] = []
  const short: number[] = []
  for (const [s, l] of [
    [4, 2],
    [5, 1],
    [6, 0]
  ] as const) {
    for (const [i, times] of [
      [s, short],
      [l, long]
    ] as const) {
      await page.evaluate(() => (location.hash = '#/inboxes'))
      await expect(page.getByTestId('inbox-row').first()).toBeVisible()
      times.push(await openAt(page, i))
    }
  }
  const firstScreenMs = Math.min(...long)
  const shortMs = Math.min(...short)
  const ms = (t: number[]) => t.map((x) => x.toFixed(0)).join(', ')
  console.log(
    `first screen of a ${MESSAGES}-message inbox: ${firstScreenMs.toFixed(0)} ms (opens: ${ms(long)} ms); of a ${SHORT_MESSAGES}-message one: ${shortMs.toFixed(0)} ms (opens: ${ms(short)} ms); the very first, with the view's code: ${coldMs.toFixed(0)} ms`
  )

  // Scroll up a screen at a time; each frame's rows must be consecutive messages, none twice. A tall
  // window (about 30 messages a screen, so the 100 pages of 50 older ones still load mid-walk) walks the
  // 5,000 in a fifth of the frames an 800-pixel one takes: the frames, not the page reads, were the time.
  await page.setViewportSize({ width: 1280, height: 3200 })
  const { seen, badFrame } = await scrollConversationToStart(page, 'seed0x', 'seed0x0')
  expect(badFrame, 'a frame showed rows that are not consecutive messages').toBeNull()
  // Every message was shown (each frame held consecutive ones, so none twice and none out of order).
  expect(seen.sort((a, b) => Number(a.slice(6)) - Number(b.slice(6)))).toEqual(expected)
  // Read whole or drawn whole, 5,000 messages took seconds; virtualised and paged, as long as a short one.
  expect(firstScreenMs).toBeLessThanOrEqual(2 * shortMs + 50)
})

/** The list's scroll position, and whether the focused element is in it and wholly in its view. */
const listState = (page: Page) =>
  page.evaluate(() => {
    const list = document.querySelector<HTMLElement>('[data-testid="message-list"]')!
    const focused = document.activeElement as HTMLElement
    const r = focused.getBoundingClientRect()
    const view = list.getBoundingClientRect()
    return { top: Math.round(list.scrollTop), inList: list.contains(focused), inView: r.top >= view.top - 1 && r.bottom <= view.bottom + 1 }
  })

test('Tab and Shift+Tab into a long conversation focus a control in view and leave the place being read where it was', async ({
  page,
  serve
}) => {
  await page.goto(await serve.newUiUrl()) // the node is shared: each test's window gets a code of its own
  await expect(page.getByTestId('inbox-row').first()).toBeVisible()
  await openAt(page, 4)
  await page.waitForTimeout(300) // rows measured, the end settled
  // The control before the list in Tab order: the list's rows drawn above its view (overscan) come first in it.
  await page.evaluate(() => {
    const list = document.querySelector<HTMLElement>('[data-testid="message-list"]')!
    const tabbable = [...document.querySelectorAll<HTMLElement>('button, a[href], input, textarea, [tabindex]')].filter(
      (e) => e.tabIndex >= 0 && !(e as HTMLButtonElement).disabled && e.offsetParent
    )
    tabbable[tabbable.findIndex((e) => list.contains(e)) - 1]!.focus()
  })
  const atEnd = await listState(page)
  expect(atEnd.inList).toBe(false)
  await page.keyboard.press('Tab')
  await expect.poll(() => listState(page)).toEqual({ top: atEnd.top, inList: true, inView: true })
  // Read further up, then back into the list from the message box below it.
  await page.getByTestId('message-list').evaluate((l) => (l.scrollTop = l.scrollTop / 2))
  await page.waitForTimeout(300)
  const halfway = await listState(page)
  await page.getByRole('textbox', { name: 'Message', exact: true }).focus()
  await page.keyboard.press('Shift+Tab')
  await expect.poll(() => listState(page)).toEqual({ top: halfway.top, inList: true, inView: true })
})
