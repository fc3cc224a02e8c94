// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
import { navigate } from '../../src/renderer/src/app/router'
import { dropRetryFocus, focusRetryWhenDrawn, retryFocusOwed, takeRetryFocus } from '../../src/renderer/src/features/inboxes/retry-focus'

/*
 * A provider's settings saved after "Open the provider's settings" under a failed answer of inbox X: back
 * in X, its Retry takes the focus once drawn. The messages load slowly; the operator presses Alt+Down
 * before they arrive (another conversation), then Alt+Up back to X: Retry took the focus then, from
 * wherever the operator had put it. The hand-over is for the trip back from the settings only.
 */
const hashChanged = () => new Promise<void>((resolve) => window.addEventListener('hashchange', () => resolve(), { once: true }))

async function go(inboxId: string): Promise<void> {
  const changed = hashChanged()
  navigate({ name: 'inbox', inboxId })
  await changed
}

describe('the focus handed to a failed answer’s Retry', () => {
  afterEach(() => {
    dropRetryFocus()
    document.body.replaceChildren()
  })

  it('is dropped when the operator opens another conversation before X is drawn, and not taken on coming back', async () => {
    window.location.hash = '#/providers/p1/edit?from=x'
    await new Promise((r) => setTimeout(r, 0))
    focusRetryWhenDrawn('x', null)
    await go('x')
    // Still owed on arriving at X (its messages are on their way).
    expect(retryFocusOwed('x')).toBe(true)
    await go('y')
    expect(retryFocusOwed('x')).toBe(false)
    await go('x')
    expect(retryFocusOwed('x')).toBe(false)
    // X's failed answer is drawn now: its Retry leaves the focus where it is.
    const retry = document.createElement('button')
    const composer = document.createElement('textarea')
    document.body.append(retry, composer)
    composer.focus()
    takeRetryFocus('x', retry)
    expect(document.activeElement).toBe(composer)
  })

  it('is kept while the address names X, and taken once X’s failed answer is drawn', async () => {
    window.location.hash = '#/providers/p1/edit?from=x'
    await new Promise((r) => setTimeout(r, 0))
    focusRetryWhenDrawn('x', null)
    await go('x')
    const retry = document.createElement('button')
    document.body.append(retry)
    takeRetryFocus('x', retry)
    expect(document.activeElement).toBe(retry)
  })
})
