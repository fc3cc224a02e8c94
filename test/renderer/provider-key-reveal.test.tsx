// @vitest-environment happy-dom
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, it } from 'vitest'
import { useTestNode } from '../support/node'
import { renderAddWizard, useFreshAddWizard } from './add-wizard'

/*
 * The button that shows the API key as typed (to check a pasted key) was out of the Tab order, so a
 * keyboard user could not reach it, and a screen reader called it "Toggle password visibility".
 * Real in-process node behind the wizard.
 */

const node = useTestNode()
useFreshAddWizard()

it('Tab from the API key reaches “Show API key”; Space shows the key, and again hides it', async () => {
  renderAddWizard(node)
  await userEvent.click(await screen.findByRole('radio', { name: 'OpenAI' }))
  await userEvent.click(screen.getByRole('button', { name: 'Next' }))
  const key = screen.getByLabelText<HTMLInputElement>(/^API key/)
  await userEvent.type(key, 'sk-typed')
  expect(key.type).toBe('password')
  await userEvent.tab()
  const show = screen.getByRole('button', { name: 'Show API key' })
  expect(document.activeElement).toBe(show)
  expect(show.getAttribute('aria-pressed')).toBe('false')
  await userEvent.keyboard(' ')
  expect(key.type).toBe('text')
  expect(show.getAttribute('aria-pressed')).toBe('true')
  await userEvent.keyboard(' ')
  expect(key.type).toBe('password')
  expect(key.value).toBe('sk-typed')
})
