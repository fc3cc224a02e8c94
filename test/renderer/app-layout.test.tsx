// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { AppLayout } from '../../src/renderer/src/app/AppLayout'
import { askToConfirm } from '../../src/renderer/src/app/confirm'
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

describe('Keyboard shortcuts', () => {
  const layout = () =>
    renderWithApp(
      <AppLayout route={{ name: 'inboxes' }}>
        <input aria-label="A field" />
      </AppLayout>
    )
  const dialogs = () => screen.queryAllByRole('dialog', { name: 'Keyboard shortcuts' })

  it('"?" outside a text field opens the list once, Escape closes it and it opens again; in a text field "?" is typed', async () => {
    const user = userEvent.setup()
    layout()
    const field = screen.getByRole('textbox', { name: 'A field' })
    await user.click(field)
    await user.keyboard('?')
    expect((field as HTMLInputElement).value).toBe('?')
    expect(dialogs()).toHaveLength(0)
    await user.click(screen.getByRole('main'))
    await user.keyboard('?')
    await waitFor(() => expect(dialogs()).toHaveLength(1))
    expect(within(dialogs()[0]!).getByText('Search the inboxes')).toBeTruthy()
    expect(within(dialogs()[0]!).getByText('Previous or next conversation')).toBeTruthy()
    // Escape in the list: a row's clears the selection, never the search (InboxesPage's onListKey); the list said "Clear the search, then the selection".
    expect(within(dialogs()[0]!).getByText('Clear the selection (in the search box: the search and the selection)')).toBeTruthy()
    expect(within(dialogs()[0]!).queryByText('Clear the search, then the selection')).toBeNull()
    // Ctrl+A on the inbox list selects every inbox (InboxesPage's onListKey): the list says so.
    expect(within(dialogs()[0]!).getByText('Select every inbox of the list (inbox list; as searched, when searching)')).toBeTruthy()
    // Ctrl+F finds in the open conversation (FindBar): the list says so, with its keys.
    expect(
      within(dialogs()[0]!).getByText('Find in the conversation: Enter for the next match, Shift+Enter for the previous, Esc to close')
    ).toBeTruthy()
    await user.keyboard('?')
    expect(dialogs()).toHaveLength(1)
    await user.keyboard('{Escape}')
    await waitFor(() => expect(dialogs()).toHaveLength(0))
    await user.keyboard('?')
    await waitFor(() => expect(dialogs()).toHaveLength(1))
    await user.keyboard('{Escape}')
    await waitFor(() => expect(dialogs()).toHaveLength(0))
  })

  it('Ctrl+/ opens it from a text field too, without typing there; the navigation has a button for it', async () => {
    const user = userEvent.setup()
    layout()
    const field = screen.getByRole('textbox', { name: 'A field' })
    await user.click(field)
    await user.keyboard('{Control>}/{/Control}')
    await waitFor(() => expect(dialogs()).toHaveLength(1))
    expect((field as HTMLInputElement).value).toBe('')
    await user.keyboard('{Escape}')
    await waitFor(() => expect(dialogs()).toHaveLength(0))
    await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('button', { name: 'Keyboard shortcuts' }))
    await waitFor(() => expect(dialogs()).toHaveLength(1))
    await user.keyboard('{Escape}')
    await waitFor(() => expect(dialogs()).toHaveLength(0))
  })
})

describe('The list of shortcuts and the browser’s Back', () => {
  it('closes as the page changes under it (Back, Forward): it stayed open over the page gone back to', async () => {
    const user = userEvent.setup()
    location.hash = '#/inboxes'
    renderWithApp(
      <AppLayout route={{ name: 'inboxes' }}>
        <p>page</p>
      </AppLayout>
    )
    await user.click(screen.getByRole('main'))
    await user.keyboard('?')
    await waitFor(() => expect(screen.queryAllByRole('dialog', { name: 'Keyboard shortcuts' })).toHaveLength(1))
    location.hash = '#/files'
    await waitFor(() => expect(screen.queryAllByRole('dialog', { name: 'Keyboard shortcuts' })).toHaveLength(0))
    // Opened again, it is not closed by the change before.
    await user.keyboard('?')
    await waitFor(() => expect(screen.queryAllByRole('dialog', { name: 'Keyboard shortcuts' })).toHaveLength(1))
    await new Promise((r) => setTimeout(r, 50))
    expect(screen.queryAllByRole('dialog', { name: 'Keyboard shortcuts' })).toHaveLength(1)
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryAllByRole('dialog', { name: 'Keyboard shortcuts' })).toHaveLength(0))
  })
})

describe('Ctrl+K with a dialog open', () => {
  const layout = () =>
    renderWithApp(
      <AppLayout route={{ name: 'inboxes' }}>
        <input id="inbox-search" aria-label="Search inboxes" />
      </AppLayout>
    )
  const search = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Search inboxes' })

  it('from the list of shortcuts (which names it): the list closes and the search takes what is typed next', async () => {
    const user = userEvent.setup()
    layout()
    await user.click(screen.getByRole('main'))
    await user.keyboard('?')
    await waitFor(() => expect(screen.queryAllByRole('dialog', { name: 'Keyboard shortcuts' })).toHaveLength(1))
    await user.keyboard('{Control>}k{/Control}')
    await waitFor(() => expect(screen.queryAllByRole('dialog', { name: 'Keyboard shortcuts' })).toHaveLength(0))
    expect(document.activeElement).toBe(search())
    // Still there once the dialog's closing is done with (Mantine hands the focus back a timer later).
    await new Promise((r) => setTimeout(r, 100))
    expect(document.activeElement).toBe(search())
    await user.keyboard('abc')
    expect(search().value).toBe('abc')
    // Opened again, it closes again the same way.
    await user.click(screen.getByRole('main'))
    await user.keyboard('?')
    await waitFor(() => expect(screen.queryAllByRole('dialog', { name: 'Keyboard shortcuts' })).toHaveLength(1))
    await user.keyboard('{Control>}k{/Control}')
    await waitFor(() => expect(screen.queryAllByRole('dialog', { name: 'Keyboard shortcuts' })).toHaveLength(0))
  })

  it('from a question (a confirmation): it is left to be answered, the focus in it, the search not opened under it', async () => {
    const user = userEvent.setup()
    layout()
    askToConfirm({ title: 'Delete it?', children: 'Gone for good.', labels: { confirm: 'Delete', cancel: 'Cancel' } })
    const dialog = await screen.findByRole('dialog', { name: 'Delete it?' })
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true))
    await user.keyboard('{Control>}k{/Control}')
    await user.keyboard('abc')
    expect(screen.getByRole('dialog', { name: 'Delete it?' })).toBeTruthy()
    expect(dialog.contains(document.activeElement)).toBe(true)
    expect(search().value).toBe('')
  })
})

/* The navigation said "Ctrl+K searches inboxes" on macOS too, where the key is ⌘K (the list of shortcuts says so). */
describe('the navigation names the platform’s keys', () => {
  afterEach(() => {
    delete (navigator as unknown as Record<string, unknown>).userAgent // the prototype's again
  })
  const layout = (agent: string) => {
    Object.defineProperty(navigator, 'userAgent', { configurable: true, get: () => agent })
    renderWithApp(
      <AppLayout route={{ name: 'inboxes' }}>
        <p>page</p>
      </AppLayout>
    )
    return within(screen.getByRole('navigation', { name: 'Main' }))
  }

  it('⌘ on macOS', () => {
    const nav = layout('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5)')
    expect(nav.getByText('⌘K searches inboxes')).toBeTruthy()
    expect(nav.queryByText(/Ctrl/)).toBeNull()
    expect(nav.getByRole('button', { name: 'Keyboard shortcuts' }).getAttribute('aria-keyshortcuts')).toBe('? Meta+/')
  })

  it('Ctrl elsewhere', () => {
    const nav = layout('Mozilla/5.0 (X11; Linux x86_64)')
    expect(nav.getByText('Ctrl+K searches inboxes')).toBeTruthy()
    expect(nav.getByRole('button', { name: 'Keyboard shortcuts' }).getAttribute('aria-keyshortcuts')).toBe('? Control+/')
  })
})
