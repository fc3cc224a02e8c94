// @vitest-environment happy-dom
import { Button } from '@mantine/core'
import { cleanup, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, expect, it } from 'vitest'
import { NewFolderDialog } from '../../src/renderer/src/features/files/FolderDialogs'
import { escapeAsItOpens } from './escape-as-it-opens'
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
  await escapeAsItOpens(button)
  expect(document.activeElement).toBe(button)
})
