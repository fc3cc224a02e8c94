// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core'
import { modals } from '@mantine/modals'
import { notifications } from '@mantine/notifications'
import { act, cleanup, render, screen, waitFor } from '@testing-library/react'
import { Profiler } from 'react'
import { afterEach, expect, it } from 'vitest'
import { AfterFirstPaint } from '../../src/renderer/src/app/after-first-paint'
import { askToConfirm } from '../../src/renderer/src/app/confirm'

afterEach(() => {
  act(() => {
    notifications.clean()
    modals.closeAll()
  })
  cleanup()
})

it('the notification area mounts after the first render, and shows what was notified before it did', async () => {
  render(
    <MantineProvider>
      <AfterFirstPaint />
    </MantineProvider>
  )
  // Nothing of it in the first render (its portal would cost a second render before the first paint).
  expect(document.querySelector('.mantine-Notifications-root')).toBeNull()
  act(() => {
    notifications.show({ title: 'The retry was refused', message: 'The node is stopping.' })
  })
  expect(await screen.findByText('The retry was refused')).toBeTruthy()
  expect(document.querySelector('.mantine-Notifications-root')).not.toBeNull() // the same query finds it, mounted
})

it('the dialogs mount after the first render too: it is committed once, and a confirmation asked for then opens', async () => {
  let commits = 0
  render(
    <MantineProvider>
      <Profiler id="first" onRender={() => commits++}>
        <AfterFirstPaint />
      </Profiler>
    </MantineProvider>
  )
  // A portal mounted in it renders again (its layout effect) before the first paint: 2 commits.
  expect(commits).toBe(1)
  // Mounted after the first render (with the notification area, at the same moment).
  await waitFor(() => expect(document.querySelector('.mantine-Notifications-root')).not.toBeNull())
  act(() => {
    askToConfirm({ title: 'Delete 3 conversations?', labels: { confirm: 'Delete', cancel: 'Cancel' } })
  })
  expect(await screen.findByRole('dialog', { name: 'Delete 3 conversations?' })).toBeTruthy()
  // Closed before the test ends: its transition's timers would otherwise outlive the test's window.
  act(() => modals.closeAll())
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
})

it('a confirmation asked for before the dialogs have mounted waits for them, and opens', async () => {
  render(
    <MantineProvider>
      <AfterFirstPaint />
    </MantineProvider>
  )
  // Right after the first render: nothing listens for dialogs yet (the event would be lost).
  act(() => {
    askToConfirm({ title: 'Delete 2 conversations?', labels: { confirm: 'Delete', cancel: 'Cancel' } })
  })
  expect(await screen.findByRole('dialog', { name: 'Delete 2 conversations?' })).toBeTruthy()
  act(() => modals.closeAll())
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
})
