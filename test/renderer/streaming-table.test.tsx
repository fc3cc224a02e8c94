// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core'
import { cleanup, render } from '@testing-library/react'
import { afterEach, expect, it } from 'vitest'
import { StreamingAnswerText } from '../../src/renderer/src/features/inboxes/answer/AnswerText'
import { drawCost } from './answer-shape'

/*
 * A long table in an answer being written: a table has no blank line, so it was one block of the
 * answer parsed again whole at each frame (GFM tables parse slowly: a 300-row table took a few hundred
 * milliseconds a frame, and the window stalled as the answer went on).
 */

afterEach(cleanup)

const tableOf = (rows: number) =>
  'The results:\n\n| Name | Value | Note |\n|:---|---:|---|\n' +
  Array.from({ length: rows }, (_, i) => `| row ${i} | **${i * 7}** | \`note ${i}\` |\n`).join('')

/** The time React spends drawing each of `n` rows added to `start` streaming (their mean). */
const costPerRow = (start: string, n: number) => drawCost(start, (_i, text) => `| more ${text.length} | 1 | x |\n`, n, false)

it('a long table streamed in is drawn as one table: its header once, every row in order, the text after it outside', () => {
  const text = `${tableOf(300)}\nThat is all.\n`
  const { container } = render(
    <MantineProvider>
      <StreamingAnswerText text={text} />
    </MantineProvider>
  )
  const tables = container.querySelectorAll('table')
  expect(tables).toHaveLength(1)
  expect(tables[0]!.querySelectorAll('thead tr')).toHaveLength(1)
  expect([...tables[0]!.querySelectorAll('th')].map((th) => th.textContent)).toEqual(['Name', 'Value', 'Note'])
  const rows = [...tables[0]!.querySelectorAll('tbody tr')]
  expect(rows.map((r) => r.querySelector('td')!.textContent)).toEqual(Array.from({ length: 300 }, (_, i) => `row ${i}`))
  // Each row drawn as Markdown, in the header's alignment.
  expect(rows[299]!.querySelector('strong')!.textContent).toBe(String(299 * 7))
  expect(
    rows[299]!.querySelectorAll('td')[1]!.getAttribute('style') ?? rows[299]!.querySelectorAll('td')[1]!.getAttribute('align')
  ).toMatch(/right/)
  expect(container.querySelector('table p')).toBeNull()
  expect([...container.querySelectorAll('p')].map((p) => p.textContent)).toEqual(['The results:', 'That is all.'])
})

it('a row added to a long table being written costs about what one added to a short table does', { timeout: 120_000 }, () => {
  const short = costPerRow(tableOf(20), 10)
  const long = costPerRow(tableOf(1500), 10)
  console.log(`per row added: ${short.toFixed(1)} ms to 20 rows, ${long.toFixed(1)} ms to 1500`)
  expect(long).toBeLessThan(Math.max(short, 1) * 5)
})

it('rows under a header that does not begin a table (its cells not matching the delimiter row) are all shown as written', () => {
  const text = `Not a table:\n\n| a | b |\n|---|\n${Array.from({ length: 200 }, (_, i) => `| line ${i} |\n`).join('')}`
  const { container } = render(
    <MantineProvider>
      <StreamingAnswerText text={text} />
    </MantineProvider>
  )
  expect(container.querySelector('table')).toBeNull()
  for (const i of [0, 100, 199]) expect(container.textContent).toContain(`line ${i} |`)
})
