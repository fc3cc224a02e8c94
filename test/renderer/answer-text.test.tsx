// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, expect, it } from 'vitest'
import { AnswerText, StreamingAnswerText } from '../../src/renderer/src/features/inboxes/answer/AnswerText'
import { renderWithApp } from './render'

afterEach(cleanup)

it('renders Markdown lists, tables and code, and links that open outside the app', () => {
  const { container } = renderWithApp(
    <AnswerText text={'**Plan**\n\n- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n`code`\n\n[docs](https://example.org/x)'} />
  )
  expect(container.querySelector('strong')!.textContent).toBe('Plan')
  expect([...container.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['one', 'two'])
  expect(container.querySelector('table td')!.textContent).toBe('1')
  expect(container.querySelector('code')!.textContent).toBe('code')
  const link = container.querySelector('a')!
  expect(link.getAttribute('href')).toBe('https://example.org/x')
  expect(link.getAttribute('target')).toBe('_blank')
  expect(link.getAttribute('rel')).toBe('noopener noreferrer')
})

it('each code block names its language and copies its code alone, as shown, without the fence or the rest of the answer', async () => {
  renderWithApp(<AnswerText text={'Install it:\n\n```sh\nnpm install\nnpm start\n```\n\nThen:\n\n```\n  indented line\nlast\n```\n'} />)
  const [sh, plain] = screen.getAllByTestId('code-block')
  expect(within(sh!).getByText('sh')).toBeTruthy()
  fireEvent.click(within(sh!).getByRole('button', { name: 'Copy sh code' }))
  await waitFor(async () => expect(await navigator.clipboard.readText()).toBe('npm install\nnpm start'))
  expect(within(sh!).getByRole('status').textContent).toBe('Code copied')
  // A fence that names no language: "code", and its leading spaces are part of the code.
  expect(within(plain!).getByText('code')).toBeTruthy()
  fireEvent.click(within(plain!).getByRole('button', { name: 'Copy code' }))
  await waitFor(async () => expect(await navigator.clipboard.readText()).toBe('  indented line\nlast'))
})

it('never renders raw HTML or script URLs from an answer', () => {
  const { container } = renderWithApp(
    <AnswerText text={'<img src=x onerror="alert(1)"><script>alert(2)</script>\n\n[click](javascript:alert(3))'} />
  )
  expect(container.querySelector('img')).toBeNull()
  expect(container.querySelector('script')).toBeNull()
  expect(container.querySelector('[onerror]')).toBeNull()
  // Not a link to nowhere that looks like one: the words alone, saying why.
  expect(container.querySelector('a')).toBeNull()
  const words = screen.getByTestId('answer-dead-link')
  expect(words.textContent).toBe('click')
  expect(words.title).toMatch(/not a link/i)
})

it('an answer being written is shown whole as it grows, past the preview, and the blocks already finished are not rendered again', () => {
  const part = (n: number) => `## Part ${n}\n\n${`Sentence ${n} of the answer. `.repeat(40)}\n\n`
  let text = ''
  for (let n = 1; n <= 6; n++) text += part(n)
  let grow: (more: string) => void = () => {}
  function Streaming() {
    const [shown, setShown] = useState(text)
    grow = (more) => setShown((t) => t + more)
    return <StreamingAnswerText text={shown} />
  }
  const { container } = renderWithApp(<Streaming />)
  expect(container.textContent).toContain('Sentence 6 of the answer.')
  expect(container.querySelector('[data-testid="show-all"]')).toBeNull()
  const firstHeading = container.querySelector('h4')!
  expect(firstHeading.textContent).toBe('Part 1')

  act(() => grow(`${part(7)}The last wor`))
  expect(container.textContent).toContain('The last wor')
  expect(container.querySelectorAll('h4')).toHaveLength(7)
  // The same element: the finished block was kept, not parsed and drawn again.
  expect(container.querySelector('h4')).toBe(firstHeading)
})

/*
 * The conversation's title is the page's h2. A model's "# Title" was an h1 as large as that title and a
 * second h1 of the page: its headings come under the title, each level moved down two.
 */
it('an answer’s headings come under the conversation’s title: # is h3, ## h4, ### h5, #### and deeper h6', () => {
  const { container } = renderWithApp(<AnswerText text={'# Plan\n\nIntro\n\n## Steps\n\n### One\n\n#### Detail\n\n###### Least'} />)
  expect(container.querySelectorAll('h1, h2')).toHaveLength(0)
  expect(screen.getByRole('heading', { level: 3 }).textContent).toBe('Plan')
  expect(screen.getByRole('heading', { level: 4 }).textContent).toBe('Steps')
  expect(screen.getByRole('heading', { level: 5 }).textContent).toBe('One')
  expect(screen.getAllByRole('heading', { level: 6 }).map((h) => h.textContent)).toEqual(['Detail', 'Least'])
})
