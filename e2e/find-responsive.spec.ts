import { test as base, expect, type Page } from '@playwright/test'
import { seedInboxes } from '../bench/seed'
import type { ServeProcess } from '../test/support/serve-process'
import { openConversationAt } from './conversation-probe'
import { seededServe } from './seeded-serve'

/*
 * The window stays responsive while the find in a conversation (Ctrl+F) matches: in a 5,000-message
 * conversation all read, the first search of "t" (nearly every message's Markdown parsed for its shown
 * text), and of a word in one 800 KB answer, block the page in no task longer than a few frames.
 * Before, the matching ran in one task: about 1.5 s for "t", 2 s for the huge answer.
 */
const MESSAGES = 5000
const INBOX = 'job_inbox::jobid_seed_0::false'
/**
 * An answer of about 800 KB: Markdown paragraphs with links, bold and code (no word in it begins with a t), one
 * rare word in its first lines (in its preview: what is measured is the matching, not the drawing of the whole
 * answer that a word further down brings).
 */
const HUGE = ['A kookaburra laughs at dawn.']
  .concat(
    Array.from(
      { length: 8000 },
      (_, i) => `Paragraph ${i} with **bold words**, a [link](https://example.com/${i}) and \`code()\` of some length.`
    )
  )
  .join('\n\n')

const test = base.extend<{ serve: ServeProcess }>({
  serve: seededServe('find-fast', (store) => {
    seedInboxes(store, { inboxes: 1, messagesPerInbox: MESSAGES })
    const say = store.db.prepare(`UPDATE messages SET message_json = json_set(message_json, '$.job_message.content', ?) WHERE hash = ?`)
    say.run(HUGE, `seed0x${MESSAGES - 1}`)
  })
})

/** Starts recording the page's long tasks (over 50 ms). */
const watchLongTasks = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { longTasks: number[] }
    w.longTasks = []
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.longTasks.push(Math.round(e.duration))
    }).observe({ type: 'longtask' })
  })
const longTasks = (page: Page) => page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks)

test('the first search of a common letter, and of a word in an 800 KB answer, never blocks the window for long', async ({
  page,
  serve
}) => {
  test.setTimeout(240_000)
  await page.goto(serve.uiUrl)
  await expect(page.getByTestId('inbox-row').first()).toBeVisible()
  await openConversationAt(page, INBOX, `seed0x${MESSAGES - 1}`)
  await page.keyboard.press('Control+f')
  const find = page.getByRole('textbox', { name: 'Find in conversation' })
  const count = page.getByTestId('find-count')
  // Every page read first (a word no stored text holds: nothing parsed), so that only the matching is measured.
  await find.fill('zzqxv')
  await expect(count).toHaveText('No matches', { timeout: 120_000 })
  await expect(page.getByTestId('find-reading')).toBeHidden({ timeout: 120_000 })

  for (const [word, expected] of [
    ['t', /^\d+ of \d{4}$/],
    ['kookaburra', /^1 of 1$/]
  ] as const) {
    await find.fill('')
    await watchLongTasks(page)
    const started = Date.now()
    await find.fill(word)
    // The typing rests (FIND_DEBOUNCE_MS, 150 ms) before the find looks: then it matches until the count is final.
    await page.waitForTimeout(400)
    await expect(page.getByTestId('find-matching')).toBeHidden({ timeout: 60_000 })
    await expect(count).toHaveText(expected, { timeout: 60_000 })
    const ms = Date.now() - started
    await page.waitForTimeout(300)
    const tasks = await longTasks(page)
    console.log(
      `"${word}": final count "${await count.textContent()}" in ${ms} ms; long tasks ${tasks.length}, longest ${Math.max(0, ...tasks)} ms`
    )
    // Never the whole matching at once (1,067 ms for "t" and 4,815 ms for the 800 KB answer before, on a quiet
    // machine; 51-360 ms after). What is left is the window's own work: drawing the count and the marks, and the
    // list measuring an 800 KB answer. 800 ms leaves room for a test run sharing the machine (a 500 ms bound
    // failed once with two test workers at a load average of 19).
    expect.soft(Math.max(0, ...tasks)).toBeLessThan(800)
  }
})
