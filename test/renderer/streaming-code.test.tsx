// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core'
import { cleanup, render } from '@testing-library/react'
import Markdown from 'react-markdown'
import remarkGfm from 'remark-gfm'
import { afterEach, expect, it } from 'vitest'
import { AnswerText, StreamingAnswerText } from '../../src/renderer/src/features/inboxes/answer/AnswerText'
import { drawCost } from './answer-shape'

/*
 * A long code block in an answer being written (a model writing a 2,000-line file): a fence is one block of the
 * answer, so it was parsed and drawn again whole at each frame, more slowly the longer the file.
 */

afterEach(cleanup)

const line = (i: number) => `  const value${i} = compute(${i}, 'text ${i}') // line ${i}\n`
const codeOf = (chars: number) => {
  let code = ''
  for (let i = 0; code.length < chars; i++) code += line(i)
  return code
}

const tokens = ['  return ', 'value', '(', 'x', ')\n']
/**
 * The time React spends drawing a token added to `start` streaming (the least of `n`: the machine running the
 * tests is shared, and a token now and then waits for it; what a token costs in itself, as the whole code
 * parsed again was, is in every token).
 */
const costPerToken = (start: string, n: number) => drawCost(start, (i) => tokens[i % tokens.length]!, n, true)

/** The code blocks as react-markdown draws the whole text at once: what every frame must show. */
function codeParsedWhole(text: string): string[] {
  const { container, unmount } = render(<Markdown remarkPlugins={[remarkGfm]}>{text}</Markdown>)
  const codes = [...container.querySelectorAll('pre code')].map((c) => c.textContent ?? '')
  unmount()
  return codes
}

function codeShown(container: HTMLElement): string[] {
  return [...container.querySelectorAll('[data-testid="code-block"] pre')].map((c) => c.textContent ?? '')
}

it('a long code block being written shows, at every point, its code whole in one block, as parsed at once', () => {
  const answers = [
    `Here is the file:\n\n\`\`\`ts\n${codeOf(7000)}\`\`\`\n\nThat is all.\n`,
    // Blank lines in the code, and at its end.
    `\`\`\`\n${codeOf(2500)}\n\n${codeOf(2500)}\n\n\`\`\`\nAfter.\n`,
    // A ~~~ fence holding a ``` line; a fence closed by a longer one.
    `~~~python\n${codeOf(2500)}\`\`\`\n${codeOf(2500)}~~~~\n\nText.\n`,
    // An indented fence: its indentation is not part of the code.
    `  \`\`\`sh\n${codeOf(5000)}  \`\`\`\n`,
    // In a list item.
    `1. Save this:\n\n   \`\`\`ts\n${codeOf(5000).replace(/^(?=.)/gm, '   ')}   \`\`\`\n2. Run it.\n`,
    // Windows line ends (CRLF): the code ends at its closing fence, and the rest is text.
    `\`\`\`ts\r\n${codeOf(5000).replace(/\n/g, '\r\n')}\`\`\`\r\n\r\n${'After the code. '.repeat(200)}\r\n`
  ]
  for (const answer of answers) {
    const { container, rerender } = render(
      <MantineProvider>
        <StreamingAnswerText text="" />
      </MantineProvider>
    )
    for (let end = 500; end < answer.length + 700; end += 700) {
      const text = answer.slice(0, end)
      rerender(
        <MantineProvider>
          <StreamingAnswerText text={text} />
        </MantineProvider>
      )
      // A last line of spaces alone, about to be written, is a blank line in a list item's code parsed whole only
      // once it is complete: it may show a frame early. Where the code is cut, a CRLF's \r may be left out (the
      // same lines shown; the \r is not compared).
      const lastBlank = (codes: string[]) => codes.map((c) => c.replace(/\r/g, '').replace(/\n[ \t]*\n$/, '\n'))
      expect(lastBlank(codeShown(container)), `at ${end} of\n${answer.slice(0, 40)}`).toEqual(lastBlank(codeParsedWhole(text)))
    }
    cleanup()
  }
})

it('a long code block keeps its language, its Copy button and is one block; the stored answer draws it the same', () => {
  const text = `Here:\n\n\`\`\`ts\n${codeOf(20_000)}\`\`\`\n\nDone.\n`
  const streamed = render(
    <MantineProvider>
      <StreamingAnswerText text={text} />
    </MantineProvider>
  )
  const blocks = streamed.container.querySelectorAll('[data-testid="code-block"]')
  expect(blocks).toHaveLength(1)
  expect(blocks[0]!.querySelector('pre > code.language-ts')).not.toBeNull()
  expect(blocks[0]!.querySelectorAll('button[aria-label="Copy ts code"]')).toHaveLength(1)
  expect(codeShown(streamed.container)).toEqual([codeOf(20_000)])
  expect([...streamed.container.querySelectorAll('p')].map((p) => p.textContent)).toEqual(['Here:', 'Done.'])
  cleanup()
  const stored = render(
    <MantineProvider>
      <AnswerText text={text} whole />
    </MantineProvider>
  )
  expect(codeShown(stored.container)).toEqual([codeOf(20_000)])
})

it('a token added to a long code block being written costs about what one added to a short code block does', { timeout: 120_000 }, () => {
  const answer = (chars: number) => `Here:\n\n\`\`\`ts\n${codeOf(chars)}`
  costPerToken(answer(200), 20) // The first draw warms the parser and React up.
  const costs = [200, 1000, 10_000, 50_000].map((chars) => costPerToken(answer(chars), 40))
  console.log(`per token: ${costs.map((c) => c.toFixed(2)).join(' ms, ')} ms at 200, 1k, 10k, 50k characters of code`)
  expect(costs[3]!).toBeLessThan(Math.max(costs[0]!, 1) * 5)
})
