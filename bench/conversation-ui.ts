import { chromium } from '@playwright/test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/browser'
import {
  openConversationAt,
  scrollConversationToStart,
  startFrameRecording,
  stopFrameRecording,
  type FrameFigures
} from '../e2e/conversation-probe'
import { openStore } from '../src/main/store'
import { aesFileSecretBox } from '../src/main/store/secret-box'
import { startFakeLlm } from '../test/support/fake-llm'
import { provider } from '../test/support/fixtures'
import { startServe } from '../test/support/serve-process'
import { seedInboxes } from './seed'

export interface ConversationUiFigures {
  readonly messages: number
  /** Best of three opens of inboxes the window had not fetched yet: hash change to the newest message shown. */
  readonly firstScreenMs: number
  /** Scrolling up a screen per frame from the newest message to the oldest. */
  readonly scrollToStartMs: number
  /** Distinct messages shown on the way, and whether any frame showed rows out of order or twice. */
  readonly shown: number
  readonly inOrder: boolean
  /** Frames of the open conversation while nothing happens: the floor for the next figure. */
  readonly idleFrames: FrameFigures
  /** Frames while a long Markdown answer streams into the bottom of the open conversation. */
  readonly streamingFrames: FrameFigures
  readonly streamedChunks: number
}

/** A long Markdown answer, one word per chunk: headings, paragraphs, lists and code, as models write. */
function answerChunks(): string[] {
  const words: string[] = []
  for (let part = 1; words.length < 600; part++) {
    words.push(`## Part ${part}\n\n`)
    for (let w = 0; w < 40; w++) words.push(`word${(part * 7 + w) % 97} `)
    words.push('\n\n- first point\n', '- second point with **bold**\n\n', '```ts\n', `const part = ${part}\n`, '```\n\n')
  }
  return words
}

/**
 * Four inboxes of `messages` messages each, seeded through the store, served headless; in Chromium:
 * the first screen of each, scrolling one to its start, then frame times while an answer streams
 * into it (a fast provider: one word every 10 ms, about 6 s).
 */
export async function benchConversationUi(messages = 5000): Promise<ConversationUiFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'nodedesk-bench-conv-'))
  const store = openStore(dataDir, aesFileSecretBox(join(dataDir, 'secret.key')))
  seedInboxes(store, { inboxes: 4, messagesPerInbox: messages })
  store.close()
  const fake = await startFakeLlm()
  const chunks = answerChunks()
  fake.behaviour = { type: 'reply', chunks, delayMs: 10 }
  const serve = await startServe(['--port', '0', '--data-dir', dataDir])
  // The seeded jobs' provider, pointed at the loopback one.
  const res = await fetch(`${serve.url}/v2/modify_llm_provider`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${serve.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(provider('bench', { external_url: fake.url, api_key: 'k' }))
  })
  if (res.status !== 200) throw new Error(`modify_llm_provider: ${res.status} ${await res.text()}`)

  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS })
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
  // tsx compiles this file keeping function names, through a `__name` helper the page does not have.
  await page.addInitScript('window.__name = (f) => f')
  await page.goto(serve.uiUrl)
  await page.getByTestId('inbox-row').first().waitFor()
  const inbox = (i: number) => `job_inbox::jobid_seed_${i}::false`
  // The first open also downloads the view's code; the figure is the best of the next three.
  await openConversationAt(page, inbox(3), `seed3x${messages - 1}`)
  const opens: number[] = []
  for (const i of [2, 1, 0]) {
    await page.evaluate(() => (location.hash = '#/inboxes'))
    await page.getByTestId('inbox-row').first().waitFor()
    opens.push(await openConversationAt(page, inbox(i), `seed${i}x${messages - 1}`))
  }
  const walk = await scrollConversationToStart(page, 'seed0x', 'seed0x0')
  const indices = walk.seen.map((h) => Number(h.slice('seed0x'.length)))
  const inOrder = walk.badFrame === null && new Set(indices).size === messages && indices.every((n) => n >= 0 && n < messages)

  // Back at the newest message, as when the operator asks the next question.
  await page.evaluate(() => (location.hash = '#/inboxes'))
  await page.getByTestId('inbox-row').first().waitFor()
  await openConversationAt(page, inbox(0), `seed0x${messages - 1}`)
  await page.waitForTimeout(500)
  await startFrameRecording(page)
  await page.waitForTimeout(3000)
  const idleFrames = await stopFrameRecording(page)

  const box = page.getByRole('textbox', { name: 'Message', exact: true })
  await box.fill('Write the long report, please.')
  await startFrameRecording(page)
  await page.keyboard.press('Enter')
  // The answer streams into the row at the bottom; that row goes once the stored answer replaces it.
  const streaming = page.getByTestId('streaming-answer')
  await streaming.waitFor({ timeout: 30_000 })
  await streaming.waitFor({ state: 'detached', timeout: 60_000 })
  const streamingFrames = await stopFrameRecording(page)

  await browser.close()
  serve.child.kill('SIGTERM')
  await serve.exited
  await fake.close()
  rmSync(dataDir, { recursive: true, force: true })
  return {
    messages,
    firstScreenMs: Math.min(...opens),
    scrollToStartMs: walk.ms,
    shown: new Set(walk.seen).size,
    inOrder,
    idleFrames,
    streamingFrames,
    streamedChunks: chunks.length
  }
}

if (process.argv[1]?.endsWith('conversation-ui.ts')) {
  void benchConversationUi().then((f) => console.log(JSON.stringify(f, null, 2)))
}
