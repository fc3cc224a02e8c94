import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { expect } from 'vitest'

/**
 * Clicks `opener` and presses Escape in the task that puts its dialog in the page (a MutationObserver's
 * microtask), before Mantine's focus trap has moved the focus in (a timer later), as a fast key on a
 * loaded machine does. Resolves once the dialog is gone and the trap's timer and focusWhenLost's poll
 * (50 ms) have run.
 */
export async function escapeAsItOpens(opener: HTMLElement): Promise<void> {
  opener.focus()
  let escapedWith: Element | null = null
  const observer = new MutationObserver(() => {
    if (!document.querySelector('[role=dialog]')) return
    observer.disconnect()
    escapedWith = document.activeElement
    fireEvent.keyDown(opener, { key: 'Escape' })
  })
  observer.observe(document.body, { childList: true, subtree: true })
  act(() => {
    fireEvent.click(opener)
  })
  await waitFor(() => expect(escapedWith).toBe(opener))
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  await act(() => new Promise((r) => setTimeout(r, 400)))
}
