// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { AppLayout } from '../../src/renderer/src/app/AppLayout'
import type { Route } from '../../src/renderer/src/app/router'
import { renderWithApp } from './render'

afterEach(cleanup)

describe('the window’s navigation', () => {
  const current = () =>
    within(screen.getByRole('navigation', { name: 'Main' }))
      .getAllByRole('link')
      .filter((l) => l.getAttribute('aria-current') === 'page')
      .map((l) => l.textContent)
  it('says which page is open (aria-current), as screen readers announce it; an inbox belongs to Inboxes, a provider’s edit to Providers', () => {
    for (const [route, page] of [
      [{ name: 'files' }, 'Files'],
      [{ name: 'inbox', inboxId: 'job_inbox::x::false' }, 'Inboxes'],
      [{ name: 'edit-provider', providerId: 'gpt' }, 'Providers'],
      [{ name: 'settings' }, 'Settings']
    ] as [Route, string][]) {
      renderWithApp(
        <AppLayout route={route}>
          <p>page</p>
        </AppLayout>
      )
      expect(current()).toEqual([page])
      cleanup()
    }
  })
})

describe('"Skip to content"', () => {
  it('comes before the header and the navigation, and moves the focus to the main region without changing the route', async () => {
    location.hash = '#/inboxes'
    renderWithApp(
      <AppLayout route={{ name: 'inboxes' }}>
        <p>page</p>
      </AppLayout>
    )
    const skip = screen.getByRole('link', { name: 'Skip to content' })
    const links = screen.getAllByRole('link')
    expect(links[0]).toBe(skip)
    await userEvent.setup().click(skip)
    expect(document.activeElement).toBe(screen.getByRole('main'))
    expect(location.hash).toBe('#/inboxes')
  })
})
