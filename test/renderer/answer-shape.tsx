import { MantineProvider } from '@mantine/core'
import { render } from '@testing-library/react'
import Markdown from 'react-markdown'
import remarkGfm from 'remark-gfm'
import { StreamingAnswerText } from '../../src/renderer/src/features/inboxes/AnswerText'

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
