// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { act, render, screen } from '@testing-library/react'
import { afterEach, expect, it } from 'vitest'
import { DeferredNotifications } from '../../src/renderer/src/app/deferred-notifications'

afterEach(() => notifications.clean())

it('the notification area mounts after the first render, and shows what was notified before it did', async () => {
  render(
    <MantineProvider>
      <DeferredNotifications />
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
