// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core'
import { act, cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, expect, it } from 'vitest'
import { BusyButton } from '../../src/renderer/src/app/BusyButton'

afterEach(cleanup)

/** A button whose work is finished by the test (`finish`), with a field beside it. */
function Harness({ onStart }: { onStart: (finish: () => void) => void }) {
  const [busy, setBusy] = useState(false)
  return (
    <MantineProvider>
      <input aria-label="Other field" />
      <BusyButton loading={busy} onClick={() => (setBusy(true), onStart(() => setBusy(false)))}>
        Check
      </BusyButton>
    </MantineProvider>
  )
}

// A browser moves the focus off a button when it becomes disabled (Mantine's `loading` disables it);
// happy-dom does not, so the tests do what the browser does.
const browserDropsFocus = () => {
  ;(document.activeElement as HTMLElement | null)?.blur()
  if (document.activeElement !== document.body) document.body.focus() // happy-dom keeps it on a disabled button
}

it('pressed from the keyboard, it has the focus again once its work ends', async () => {
  let finish = () => {}
  render(<Harness onStart={(f) => (finish = f)} />)
  const button = screen.getByRole('button', { name: 'Check' })
  button.focus()
  await userEvent.keyboard('{Enter}')
  expect(button.hasAttribute('disabled') || button.getAttribute('data-loading') !== null).toBe(true)
  browserDropsFocus()
  expect(document.activeElement).toBe(document.body)
  act(() => finish())
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Check' }))
})

it('focus the operator moved elsewhere meanwhile is left there', async () => {
  let finish = () => {}
  render(<Harness onStart={(f) => (finish = f)} />)
  const button = screen.getByRole('button', { name: 'Check' })
  button.focus()
  await userEvent.keyboard('{Enter}')
  browserDropsFocus()
  screen.getByRole('textbox', { name: 'Other field' }).focus()
  act(() => finish())
  expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Other field' }))
})

it('in a dialog, the dialog holds the focus while it is busy (keys typed then are the dialog’s), and the button takes it back', async () => {
  let finish = () => {}
  function InDialog() {
    const [busy, setBusy] = useState(false)
    return (
      <MantineProvider>
        <section role="dialog" tabIndex={-1} aria-label="Edit scope">
          <BusyButton loading={busy} onClick={() => (setBusy(true), (finish = () => setBusy(false)))}>
            Save scope
          </BusyButton>
        </section>
      </MantineProvider>
    )
  }
  render(<InDialog />)
  const button = screen.getByRole('button', { name: 'Save scope' })
  button.focus()
  await userEvent.keyboard('{Enter}')
  // On the page's body, an Escape or a Tab typed while it saved went nowhere.
  expect(document.activeElement).toBe(screen.getByRole('dialog', { name: 'Edit scope' }))
  act(() => finish())
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Save scope' }))
})
