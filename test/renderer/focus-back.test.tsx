// @vitest-environment happy-dom
import { Button, Drawer, TextInput } from '@mantine/core'
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { useRef, useState } from 'react'
import { afterEach, expect, it } from 'vitest'
import { useFocusBack } from '../../src/renderer/src/app/use-focus-back'
import { escapeAsItOpens } from './escape-as-it-opens'
import { renderWithApp } from './render'

afterEach(cleanup)

/** A Details button opening a drawer with a field in it, as the inbox view's job details are on a narrow window. */
function WithDrawer({ withHook }: { withHook: boolean }) {
  const [opened, setOpened] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  // Without the hook: it never sees the drawer open.
  useFocusBack(withHook && opened, button)
  return (
    <>
      <Button ref={button} onClick={() => setOpened(true)}>
        Details
      </Button>
      <Button>Elsewhere</Button>
      <Drawer opened={opened} onClose={() => setOpened(false)} title="Job details" transitionProps={{ duration: 20 }}>
        <TextInput label="Name" />
      </Drawer>
    </>
  )
}

/**
 * Escape pressed in the same task as the key that opened the drawer: Mantine's focus trap moves the focus
 * into the drawer a timer later, when it is already closing, and the focus was left on the page's body
 * once the drawer was gone.
 */
const openAndCloseAtOnce = async (withHook: boolean) => {
  renderWithApp(<WithDrawer withHook={withHook} />)
  const details = screen.getByRole('button', { name: 'Details' })
  await escapeAsItOpens(details)
  return details
}

it('a drawer closed while still opening gives the focus back to its opener', async () => {
  const details = await openAndCloseAtOnce(true)
  expect(document.activeElement).toBe(details)
})

it('without the hook the same keys leave the focus on the body (what the hook is for)', async () => {
  await openAndCloseAtOnce(false)
  expect(document.activeElement).toBe(document.body)
})

it('focus the operator moved elsewhere after the drawer closed stays there', async () => {
  renderWithApp(<WithDrawer withHook />)
  const details = screen.getByRole('button', { name: 'Details' })
  details.focus()
  act(() => {
    fireEvent.click(details)
  })
  const dialog = await screen.findByRole('dialog', { name: 'Job details' })
  await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true))
  act(() => {
    fireEvent.keyDown(dialog, { key: 'Escape' })
  })
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  const elsewhere = screen.getByRole('button', { name: 'Elsewhere' })
  elsewhere.focus()
  await act(() => new Promise((r) => setTimeout(r, 200)))
  expect(document.activeElement).toBe(elsewhere)
})
