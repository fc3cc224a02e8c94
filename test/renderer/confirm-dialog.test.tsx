// @vitest-environment happy-dom
import { Text, TextInput } from '@mantine/core'
import { modals } from '@mantine/modals'
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, it, vi } from 'vitest'
import { askToConfirm, openDialog } from '../../src/renderer/src/app/confirm'
import { renderWithApp } from './render'

afterEach(() => {
  act(() => modals.closeAll())
  cleanup()
})

const ask = (extra: Parameters<typeof askToConfirm>[0] = {}) => {
  const onConfirm = vi.fn()
  const onCancel = vi.fn()
  renderWithApp(<button type="button">Delete…</button>)
  act(() => {
    askToConfirm({
      title: 'Delete notes.txt?',
      children: <Text size="sm">The file is deleted.</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm,
      onCancel,
      ...extra
    })
  })
  return { onConfirm, onCancel }
}

it('a confirmation opens with the focus on Cancel, not on the close button: Enter keeps everything', async () => {
  const { onConfirm, onCancel } = ask()
  const dialog = await screen.findByRole('dialog', { name: 'Delete notes.txt?' })
  await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' })))
  expect(dialog.contains(document.activeElement)).toBe(true)
  await userEvent.keyboard('{Enter}')
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  expect(onCancel).toHaveBeenCalledTimes(1)
  expect(onConfirm).not.toHaveBeenCalled()
})

it('Escape cancels, and a caller’s own Cancel props are kept beside the focus', async () => {
  const { onConfirm } = ask({ labels: { confirm: 'Clear', cancel: 'Keep editing' }, cancelProps: { 'data-testid': 'keep' } as never })
  const keep = await screen.findByRole('button', { name: 'Keep editing' })
  await waitFor(() => expect(document.activeElement).toBe(keep))
  expect(keep.dataset.testid).toBe('keep')
  await userEvent.keyboard('{Escape}')
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  expect(onConfirm).not.toHaveBeenCalled()
})

/*
 * Keys pressed right after a dialog is asked for, before a frame is drawn or a timer runs (a new name
 * typed at once after choosing Rename): Mantine drew the dialog a frame later and focused it a timer
 * after that, and the keys went to what opened it, or nowhere.
 */
it('a confirmation asked for from a click has Cancel focused before the next key’s task (no frame, no timer between)', async () => {
  renderWithApp(
    <button type="button" onClick={() => askToConfirm({ title: 'Delete notes.txt?', labels: { confirm: 'Delete', cancel: 'Cancel' } })}>
      Delete…
    </button>
  )
  const opener = screen.getByRole('button', { name: 'Delete…' })
  opener.focus()
  fireEvent.click(opener)
  // The task of the click ends: its microtasks run, then the next key would come.
  await Promise.resolve()
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }))
})

it('a dialog of the app’s own (a form) has its field marked data-autofocus focused before the next key', async () => {
  renderWithApp(
    <button
      type="button"
      onClick={() => openDialog({ title: 'Rename “Talk”', children: <TextInput label="Name" defaultValue="Talk" data-autofocus /> })}
    >
      Rename…
    </button>
  )
  const opener = screen.getByRole('button', { name: 'Rename…' })
  opener.focus()
  fireEvent.click(opener)
  await Promise.resolve()
  expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Name' }))
  // Closed, the focus goes back to what opened it.
  act(() => modals.closeAll())
  await waitFor(() => expect(document.activeElement).toBe(opener))
})

/*
 * A dialog asked for after a wait (the node asked first, code loaded) is drawn a task later than it is
 * asked for: an Escape pressed in between landed on the page, and the dialog opened after it and
 * stayed open. The keys are held from the asking: the Escape closes it as it appears.
 */
it.each(['confirmation', 'dialog'])(
  'a %s asked for, then Escape before it is drawn: it closes as it appears, and the focus stays on its opener',
  async (kind) => {
    renderWithApp(<button type="button">Open</button>)
    const opener = screen.getByRole('button', { name: 'Open' })
    opener.focus()
    const onClose = vi.fn()
    act(() => {
      if (kind === 'dialog') openDialog({ title: 'Rename', children: <TextInput label="Name" />, onClose })
      else askToConfirm({ title: 'Delete it?', labels: { confirm: 'Delete', cancel: 'Cancel' }, onClose })
      // Before React draws it (at the end of this act, as a later task in the window).
      fireEvent.keyDown(opener, { key: 'Escape' })
    })
    // In steps, so that React draws between them (the dialog's removal, Mantine's focus trap's timer).
    for (let i = 0; i < 8; i++) await act(() => new Promise((r) => setTimeout(r, 50)))
    expect(document.querySelector('[role="dialog"]')).toBeNull()
    expect(onClose).toHaveBeenCalledTimes(1)
    expect(document.activeElement).toBe(opener)
    expect(fireEvent.keyDown(opener, { key: 'a' })).toBe(true)
  }
)

it('a dialog asked for again under an id already open (Mantine draws nothing) holds the keys for a second at most', async () => {
  renderWithApp(<button type="button">Open</button>)
  const opener = screen.getByRole('button', { name: 'Open' })
  act(() => openDialog({ modalId: 'once', title: 'Once', children: <TextInput label="Name" /> }))
  await waitFor(() => expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true))
  act(() => openDialog({ modalId: 'once', title: 'Once', children: <TextInput label="Name" /> }))
  // Held meanwhile: the key goes nowhere.
  expect(fireEvent.keyDown(opener, { key: 'a' })).toBe(false)
  await act(() => new Promise((r) => setTimeout(r, 1100)))
  expect(fireEvent.keyDown(opener, { key: 'a' })).toBe(true)
  expect(screen.getAllByRole('dialog')).toHaveLength(1)
})
