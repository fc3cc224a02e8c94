// @vitest-environment happy-dom
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, it } from 'vitest'
import { useTestNode } from '../support/node'
import { renderAddWizard, useFreshAddWizard } from './add-wizard'

/*
 * Next on the first step with no kind chosen showed "Choose a kind of provider" but left the focus on
 * Next, and no field was marked invalid: a keyboard or screen reader user heard nothing and stayed
 * put. The focus now goes to the kinds, which are marked invalid and described by the message.
 */

const node = useTestNode()
useFreshAddWizard()

it('Next without a kind moves the focus to the first kind, marked invalid and described by the message', async () => {
  renderAddWizard(node)
  await screen.findByRole('radio', { name: 'OpenAI' })
  screen.getByRole('button', { name: 'Next' }).focus()
  await userEvent.keyboard('{Enter}')
  const message = await screen.findByText('Choose a kind of provider')
  const first = screen.getByRole('radio', { name: 'OpenAI' })
  expect(document.activeElement).toBe(first)
  expect(first.getAttribute('aria-invalid')).toBe('true')
  expect(first.getAttribute('aria-describedby')?.split(' ')).toContain(message.id)
  // Choosing a kind clears the mark.
  await userEvent.keyboard(' ')
  expect(screen.getByRole('radio', { name: 'OpenAI' }).getAttribute('aria-invalid')).not.toBe('true')
})
