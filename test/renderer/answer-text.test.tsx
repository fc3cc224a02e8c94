// @vitest-environment happy-dom
import { cleanup } from '@testing-library/react'
import { afterEach, expect, it } from 'vitest'
import { AnswerText } from '../../src/renderer/src/features/inboxes/AnswerText'
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

it('never renders raw HTML or script URLs from an answer', () => {
  const { container } = renderWithApp(
    <AnswerText text={'<img src=x onerror="alert(1)"><script>alert(2)</script>\n\n[click](javascript:alert(3))'} />
  )
  expect(container.querySelector('img')).toBeNull()
  expect(container.querySelector('script')).toBeNull()
  expect(container.querySelector('[onerror]')).toBeNull()
  const link = container.querySelector('a')
  expect(link?.getAttribute('href') ?? '').not.toMatch(/javascript:/i)
})
