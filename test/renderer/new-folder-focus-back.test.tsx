// @vitest-environment happy-dom
import { Button } from '@mantine/core'
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, expect, it } from 'vitest'
import { NewFolderDialog } from '../../src/renderer/src/features/files/FolderDialogs'
import { renderWithApp } from './render'

afterEach(cleanup)

/** The Files page's New folder button and its dialog. */
function WithNewFolder() {
  const [opened, setOpened] = useState(false)
  return (
    <>
      <Button onClick={() => setOpened(true)}>New folder</Button>
      <NewFolderDialog opened={opened} parent="/" onClose={() => setOpened(false)} onCreated={() => {}} />
    </>
  )
}

/**
 * Escape pressed in the same task as the key that opened the dialog (a loaded machine): Mantine's focus
 * trap moved the focus into it a timer later, when it was already closing, after its own return of the
 * focus had run, and the focus was left on the page's body once it was gone.
 */
it('New folder closed with Escape while still opening gives the focus back to its button', async () => {
  renderWithApp(<WithNewFolder />)
  const button = screen.getByRole('button', { name: 'New folder' })
  button.focus()
  // Escape in the task that puts the dialog in the page (a MutationObserver's microtask): before the trap's timer.
  let escapedWith: Element | null = null
  const observer = new MutationObserver(() => {
    if (!document.querySelector('[role=dialog]')) return
    observer.disconnect()
    escapedWith = document.activeElement
    fireEvent.keyDown(button, { key: 'Escape' })
  })
  observer.observe(document.body, { childList: true, subtree: true })
  act(() => {
    fireEvent.click(button)
  })
  await waitFor(() => expect(escapedWith).toBe(button))
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  // The trap's timer and the poll of focusWhenLost (50 ms) have run.
  await act(() => new Promise((r) => setTimeout(r, 400)))
  expect(document.activeElement).toBe(button)
})
