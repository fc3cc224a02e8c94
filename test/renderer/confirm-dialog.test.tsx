// @vitest-environment happy-dom
import { Text } from '@mantine/core'
import { modals } from '@mantine/modals'
import { act, cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, it, vi } from 'vitest'
import { askToConfirm } from '../../src/renderer/src/app/confirm'
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
