import { MantineProvider } from '@mantine/core'
import { act, render } from '@testing-library/react'
import { expect } from 'vitest'
import { Profiler, useState } from 'react'
import Markdown from 'react-markdown'
import remarkGfm from 'remark-gfm'
import { markdownFrame } from '../../src/renderer/src/features/inboxes/answer/answer-blocks'
import { AnswerIdsContext, answerIdPrefix } from '../../src/renderer/src/features/inboxes/answer/answer-ids'
import { StreamingAnswerText } from '../../src/renderer/src/features/inboxes/answer/AnswerText'

/** What a reader sees of an answer: its code, paragraphs, table cells and other blocks, and what sits in a table. */
export function shape(root: Element) {
  return {
    // A CR of a CRLF line end at a block's edge may be kept or not: a code element shows either as one line break.
    code: [...root.querySelectorAll('pre code')].map((c) => (c.textContent ?? '').replace(/\r/g, '')),
    paragraphs: [...root.querySelectorAll('p')].map((p) => p.textContent),
    // Nothing but rows drawn inside a table.
    inTables: [...root.querySelectorAll('table *')].filter((e) => !/^(THEAD|TBODY|TR|TH|TD)$/.test(e.tagName)).length,
    cells: [...root.querySelectorAll('td')].length,
    // The answer's headings are moved down two levels (AnswerText): a heading is a heading.
    other: [...root.querySelectorAll('li, blockquote, h1, h2, h3, h4, h5, h6, hr')].map(
      (e) => `${e.tagName.replace(/^H\d$/, 'heading')} ${textBesideCode(e)}`
    )
  }
}

/** An element's words but its code blocks' (their code is compared apart; the app adds a Copy button). */
function textBesideCode(e: Element): string {
  const copy = e.cloneNode(true) as Element
  for (const c of copy.querySelectorAll('pre, button, [data-testid="code-block"]')) c.remove()
  return (copy.textContent ?? '').replace(/\s+/g, ' ').trim()
}

/** The answer as react-markdown draws the whole text at once. */
export function parsedWhole(text: string) {
  const { container, unmount } = render(<Markdown remarkPlugins={[remarkGfm]}>{text}</Markdown>)
  const s = shape(container)
  unmount()
  return s
}

/** The answer as drawn while it streams (in blocks). */
export function streamed(text: string) {
  const { container, unmount } = render(
    <MantineProvider>
      <StreamingAnswerText text={text} />
    </MantineProvider>
  )
  const s = shape(container)
  unmount()
  return s
}

let write: (text: string) => void = () => {}
function Streamed({ start }: { start: string }) {
  const [text, setText] = useState(start)
  write = setText
  return <StreamingAnswerText text={text} />
}

/**
 * Draws `start` streaming, adds `more(i, text so far)` to it 5 times (warming up), then `n` times more, and
 * returns the time React spent drawing each of those: `least` the least of them (what every one costs, on a
 * shared machine that holds some up), else their mean.
 */
export function drawCost(start: string, more: (i: number, text: string) => string, n: number, least: boolean): number {
  let spent = 0
  const { unmount } = render(
    <MantineProvider>
      <Profiler id="answer" onRender={(_id, _phase, actual) => (spent += actual)}>
        <Streamed start={start} />
      </Profiler>
    </MantineProvider>
  )
  let text = start
  const add = (i: number) => act(() => write((text += more(i, text))))
  for (let i = 0; i < 5; i++) add(i)
  const costs: number[] = []
  for (let i = 0; i < n; i++) {
    spent = 0
    add(i)
    costs.push(spent)
  }
  unmount()
  return least ? Math.min(...costs) : costs.reduce((a, b) => a + b, 0) / n
}

/**
 * The answer's HTML as drawn while it streams (in blocks), or as the whole text parsed at once; the line breaks a whole
 * parse puts between two blocks (a list and a paragraph after it), which draw nothing, left out. A long table's rows
 * after its first block are drawn in a tbody of their own (streaming-table): one table still.
 */
export function drawnHtml(text: string, streaming: boolean): string {
  // The same message's ids (answer-ids.ts) for both.
  const { container, unmount } = render(
    <MantineProvider>
      {streaming ? (
        <StreamingAnswerText text={text} idKey="m1" />
      ) : (
        <AnswerIdsContext.Provider value={answerIdPrefix('m1')}>{markdownFrame(text)}</AnswerIdsContext.Provider>
      )}
    </MantineProvider>
  )
  const out = container.innerHTML.replace(/(<\/[a-z0-9]+>)\n+(?=<[a-z])/g, '$1').replace(/<\/tbody><tbody>/g, '')
  unmount()
  return out
}

/** Each answer, cut every 733 characters from 300 and whole, is drawn streaming as the text parsed whole at that point. */
export function expectStreamedAsWhole(answers: Readonly<Record<string, string>>): void {
  for (const [name, answer] of Object.entries(answers)) {
    const ends = [answer.length]
    for (let end = 300; end < answer.length; end += 733) ends.push(end)
    for (const end of ends) {
      const text = answer.slice(0, end)
      expect(drawnHtml(text, true), `${name}, at ${end}`).toBe(drawnHtml(text, false))
    }
  }
}
