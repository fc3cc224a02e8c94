// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core'
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { LastCheckView } from '../../src/renderer/src/features/providers/ProviderHealth'

beforeEach(() => vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] }))
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

it('a last check shown as "now" reads "2 min. ago" two minutes later, the providers page still open (it said "now" for as long as the page stayed)', () => {
  const at = new Date().toISOString()
  render(
    <MantineProvider>
      <LastCheckView check={{ ok: true, message: 'The server answered.', at }} compact />
    </MantineProvider>
  )
  const when = () => screen.getByTestId('last-check').querySelector('span.mantine-Text-root')?.textContent
  expect(when()).toBe('now')
  act(() => void vi.advanceTimersByTime(2 * 60_000))
  expect(when()).toMatch(/^2 min/)
})
