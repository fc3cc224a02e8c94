// @vitest-environment happy-dom
import { cleanup } from '@testing-library/react'
import { afterEach, expect, it } from 'vitest'
import { parsedWhole, streamed } from './answer-shape'

/*
 * An answer written with CRLF line ends (some models and servers send them): the closing fence "```\r" of a long
 * code block was not taken as closing it, so everything after it was drawn as more of the code.
 */

afterEach(cleanup)

const line = (i: number) => `  const value${i} = compute(${i}, 'text ${i}') // line ${i}\n`
const codeOf = (chars: number) => {
  let code = ''
  for (let i = 0; code.length < chars; i++) code += line(i)
  return code
}

it('an answer written with CRLF line ends: the text after a long code block is drawn as text, not as code', () => {
  const text = `Here:\n\n\`\`\`ts\n${codeOf(5000)}\`\`\`\n\nAfter the code.\n\n${'More words. '.repeat(300)}\n\nThe end.\n`
  for (const crlf of [text.replace(/\n/g, '\r\n'), text.replace(/\n/g, '\r\n').slice(0, -2)]) {
    const shown = streamed(crlf)
    expect(shown.paragraphs.slice(-1)).toEqual(['The end.'])
    expect(shown).toEqual(parsedWhole(crlf))
  }
})
