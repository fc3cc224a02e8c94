// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, expect, it } from 'vitest'
import { AnswerText } from '../../src/renderer/src/features/inboxes/answer/AnswerText'

/*
 * A stored answer longer than a screenful shows its start and "Show all". Its footnotes and links referred to early
 * and defined at its end (as models write them) were drawn in that start as the words "[^1]" and "[site]", where the
 * answer as it streamed, and once "Show all" is pressed, draws a note's number and a link.
 */

afterEach(cleanup)

const items = Array.from({ length: 60 }, (_, i) => `- Item ${i} of the list, with some words here\n\n`).join('')
const answer = `Intro with a note[^1] and a [site] link and [other][ref].\n\n${items}Closing words.\n\n[^1]: The first note.\n\n[site]: https://example.com/site\n[ref]: https://example.com/ref\n`

/** The answer's first paragraph as drawn. */
const intro = (container: HTMLElement) => container.querySelector('p')!.innerHTML

it('the start of a long answer draws its notes and links defined past it, as the whole answer does', async () => {
  const { container } = render(
    <MantineProvider>
      <AnswerText text={answer} />
    </MantineProvider>
  )
  const showAll = screen.getByTestId('show-all')
  expect(container.textContent).not.toContain('[site]')
  expect(container.textContent).not.toContain('[^1]')
  expect(screen.getByRole('link', { name: 'site' }).getAttribute('href')).toBe('https://example.com/site')
  expect(screen.getByRole('link', { name: 'other' }).getAttribute('href')).toBe('https://example.com/ref')
  expect(container.querySelector('sup a')?.textContent).toBe('1')
  const inPreview = intro(container)

  fireEvent.click(showAll)
  await waitFor(() => expect(screen.getByText('The first note.')).toBeTruthy())
  expect(intro(container)).toBe(inPreview)
})
