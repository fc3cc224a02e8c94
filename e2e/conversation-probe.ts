import type { Page } from '@playwright/test'

/*
 * Measurements of the conversation view taken inside the page (so that Playwright's round trips do
 * not count), shared by the long-conversation e2e test and `npm run bench`.
 */

/** The route of an inbox in the window. */
export const inboxRoute = (inboxId: string) => `#/inboxes/${encodeURIComponent(inboxId)}`

/** From the hash change to the first frame showing message `newestHash` at the bottom of the list, in ms. */
export const openConversationAt = (page: Page, inboxId: string, newestHash: string) =>
  page.evaluate(
    async ({ hash, newest }) => {
      const started = performance.now()
      location.hash = hash
      for (;;) {
        await new Promise((r) => requestAnimationFrame(r))
        const el = document.querySelector(`[data-hash="${newest}"]`)
        const list = document.querySelector('[data-testid="message-list"]')
        if (el && list && el.getBoundingClientRect().bottom <= list.getBoundingClientRect().bottom + 1) break
        if (performance.now() - started > 30_000) throw new Error('the newest message never showed')
      }
      return performance.now() - started
    },
    { hash: inboxRoute(inboxId), newest: newestHash }
  )

export interface ScrollWalk {
  /** Every message hash shown in some frame, in the order first seen. */
  readonly seen: string[]
  /** The hashes of the first frame whose rows were not consecutive messages (by `indexOf`), if any. */
  readonly badFrame: string[] | null
  /** ms from the first scroll to the frame showing the oldest message. */
  readonly ms: number
}

/**
 * Scrolls the open conversation up most of a screen per frame until `oldestHash` shows at the top,
 * recording every frame's rows. `hashPrefix` + a number is each message's hash (the seed's form), so
 * a frame's rows can be checked to be consecutive messages.
 */
export const scrollConversationToStart = (page: Page, hashPrefix: string, oldestHash: string): Promise<ScrollWalk> =>
  page.evaluate(
    async ({ prefix, oldest }) => {
      const list = document.querySelector<HTMLElement>('[data-testid="message-list"]')!
      const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))
      const seen = new Set<string>()
      let badFrame: string[] | null = null
      const started = performance.now()
      // A walk of 5,000 messages takes about 50 s on a quiet machine; on a loaded one, several times that.
      for (let still = 0; still < 40 && performance.now() - started < 300_000;) {
        const hashes = [...list.querySelectorAll<HTMLElement>('[data-hash]')].map((e) => e.dataset.hash!)
        const idx = hashes.map((h) => Number(h.slice(prefix.length)))
        if (!badFrame && idx.some((n, i) => i > 0 && n !== idx[i - 1]! + 1)) badFrame = hashes
        for (const h of hashes) seen.add(h)
        const before = list.scrollTop
        list.scrollTop = Math.max(0, before - list.clientHeight * 0.8)
        await frame()
        still = before === 0 && list.scrollTop === 0 ? still + 1 : 0
        if (still > 0 && hashes.includes(oldest)) break
      }
      return { seen: [...seen], badFrame, ms: performance.now() - started }
    },
    { prefix: hashPrefix, oldest: oldestHash }
  )

export interface FrameFigures {
  readonly frames: number
  readonly medianMs: number
  readonly p95Ms: number
  readonly worstMs: number
  /** Intervals longer than 1.5 frames at 60 Hz: at least one frame was missed there. */
  readonly missed: number
  /** Long tasks (> 50 ms of main thread) Chromium reported meanwhile, and the longest. */
  readonly longTasks: number
  readonly longestTaskMs: number
}

/** Starts recording every animation frame and every long task in the page, until `stopFrameRecording`. */
export const startFrameRecording = (page: Page) =>
  page.evaluate(() => {
    const rec = { times: [] as number[], longTasks: [] as number[], running: true }
    ;(window as unknown as { __frameRec: typeof rec }).__frameRec = rec
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) rec.longTasks.push(e.duration)
    }).observe({ type: 'longtask' })
    const tick = (t: number) => {
      if (!rec.running) return
      rec.times.push(t)
      requestAnimationFrame(tick)
    }
    requestAnimationFrame(tick)
  })

export const stopFrameRecording = async (page: Page): Promise<FrameFigures> => {
  const { times, longTasks } = await page.evaluate(() => {
    const rec = (window as unknown as { __frameRec: { times: number[]; longTasks: number[]; running: boolean } }).__frameRec
    rec.running = false
    return { times: rec.times, longTasks: rec.longTasks }
  })
  const gaps = times.slice(1).map((t, i) => t - times[i]!)
  const sorted = [...gaps].sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0
  return {
    frames: times.length,
    medianMs: at(0.5),
    p95Ms: at(0.95),
    worstMs: sorted.at(-1) ?? 0,
    missed: gaps.filter((g) => g > (1000 / 60) * 1.5).length,
    longTasks: longTasks.length,
    longestTaskMs: Math.max(0, ...longTasks)
  }
}

/** The text of each range of a highlight (find-highlight.ts), and the hash of the message it is in. */
export const marked = (page: Page, name: string) =>
  page.evaluate(
    (n) =>
      [...((CSS.highlights.get(n) as Set<Range> | undefined) ?? [])].map((r) => ({
        text: r.toString(),
        hash: (r.startContainer.parentElement!.closest('[data-found-text]') as HTMLElement).dataset.foundText
      })),
    name
  )
