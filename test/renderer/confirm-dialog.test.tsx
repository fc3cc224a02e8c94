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
