// @vitest-environment happy-dom
import { Text, TextInput } from '@mantine/core'
import { modals } from '@mantine/modals'
import { act, cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { askToConfirm, openDialog } from '../../src/renderer/src/app/confirm'
import { guardLeaving, mayLeave } from '../../src/renderer/src/app/leave-guard'
// The router, as the app loads it: it tells the dialogs which page is shown.
import '../../src/renderer/src/app/router'
import { renderWithApp } from './render'

/*
 * A confirmation or a page's dialog stayed open when the page changed under it (the browser's Back or
 * Forward, Alt+Left, a link in the nav, a shortcut): "Delete 3 inboxes?" confirmed while on Files
 * deleted them from there. The page changing closes it, as a cancel: nothing is done.
 */
describe('dialogs close when the page changes under them', () => {
  afterEach(() => {
    act(() => modals.closeAll())
    cleanup()
    window.location.hash = ''
  })

  const hashTo = async (hash: string) => {
    await act(async () => {
      window.location.hash = hash
      await new Promise((r) => setTimeout(r, 20))
    })
  }

  const ask = () => {
    const onConfirm = vi.fn()
    const onCancel = vi.fn()
    renderWithApp(<button type="button">Delete…</button>)
    act(() =>
      askToConfirm({
        title: 'Delete 3 inboxes?',
        children: <Text size="sm">The inboxes are deleted.</Text>,
        labels: { confirm: 'Delete', cancel: 'Cancel' },
        onConfirm,
        onCancel
      })
    )
    return { onConfirm, onCancel }
  }

  it('a confirmation closes as another page is shown, cancelled, nothing confirmed', async () => {
    await hashTo('#/inboxes')
    const { onConfirm, onCancel } = ask()
    await screen.findByRole('dialog', { name: 'Delete 3 inboxes?' })
    await hashTo('#/files')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(onConfirm).not.toHaveBeenCalled()
    expect(onCancel).toHaveBeenCalledTimes(1)
    // Enter on what is there now confirms nothing.
    await userEvent.keyboard('{Enter}')
    expect(onConfirm).not.toHaveBeenCalled()
  })

  it('a dialog of the app’s own (a rename) closes too, its onClose told', async () => {
    await hashTo('#/inboxes')
    const onClose = vi.fn()
    renderWithApp(<button type="button">Rename…</button>)
    act(() => openDialog({ title: 'Rename “notes”', children: <TextInput label="Name" />, onClose }))
    await screen.findByRole('dialog', { name: 'Rename “notes”' })
    await hashTo('#/providers')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(onClose).toHaveBeenCalledTimes(1)
  })

  it('the same page written another way is not another page: the dialog stays', async () => {
    await hashTo('#/settings')
    const { onConfirm } = ask()
    await screen.findByRole('dialog', { name: 'Delete 3 inboxes?' })
    await hashTo('#/settings/')
    expect(screen.getByRole('dialog', { name: 'Delete 3 inboxes?' })).toBeTruthy()
    expect(onConfirm).not.toHaveBeenCalled()
  })

  it('a dialog opened after a change of page is not closed by that change', async () => {
    await hashTo('#/inboxes')
    ask()
    await hashTo('#/files')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    cleanup()
    ask()
    await screen.findByRole('dialog', { name: 'Delete 3 inboxes?' })
    await act(() => new Promise((r) => setTimeout(r, 50)))
    expect(screen.getByRole('dialog', { name: 'Delete 3 inboxes?' })).toBeTruthy()
  })

  it('the leave guard’s question stays through the trip back to the guarded page', async () => {
    await hashTo('#/settings')
    renderWithApp(<p>Settings</p>)
    const release = guardLeaving('#/settings', 'Leave without saving?', 'Your changes to the node name are not saved.')
    try {
      // Back: the address names Inboxes; the guard takes the window back to Settings and asks.
      await hashTo('#/inboxes')
      await screen.findByRole('dialog', { name: 'Leave without saving?' })
      await act(() => new Promise((r) => setTimeout(r, 100)))
      expect(screen.getByRole('dialog', { name: 'Leave without saving?' })).toBeTruthy()
      expect(mayLeave('#/files', () => undefined)).toBe(false)
    } finally {
      release()
    }
  })
})
