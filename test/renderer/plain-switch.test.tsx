// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { expect, it } from 'vitest'
import { PlainSwitch } from '../../src/renderer/src/app/PlainSwitch'

function Shown() {
  const [on, setOn] = useState(false)
  return (
    <MantineProvider>
      <PlainSwitch label="Show hidden" checked={on} onChange={(e) => setOn(e.currentTarget.checked)} />
      <output>{on ? 'on' : 'off'}</output>
    </MantineProvider>
  )
}

it('is read as a switch named by its label, and turns on and off from a click on its label or from Space', async () => {
  render(<Shown />)
  const control = screen.getByRole('switch', { name: 'Show hidden' })
  expect((control as HTMLInputElement).checked).toBe(false)
  await userEvent.click(screen.getByText('Show hidden'))
  expect((control as HTMLInputElement).checked).toBe(true)
  expect(screen.getByRole('status').textContent).toBe('on')
  control.focus()
  await userEvent.keyboard(' ')
  expect((control as HTMLInputElement).checked).toBe(false)
  expect(screen.getByRole('status').textContent).toBe('off')
})
