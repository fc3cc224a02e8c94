import { navigate } from '../../app/router'

/** How long the conversation's messages are waited for. */
const WAIT_MS = 3000

/** The Retry of the latest failed answer in the conversation shown. */
function lastRetry(): HTMLElement | null {
  const retries = [...document.querySelectorAll<HTMLElement>('[data-testid="message-error"] button')].filter(
    (b) => b.textContent?.trim() === 'Retry'
  )
  return retries.at(-1) ?? null
}

/**
 * A provider's settings saved after "Open the provider's settings" under a failed answer: back to that
 * conversation, the focus on the Retry of its latest failed answer (asking again is what is left to do).
 * Saving went to the Providers page, and the operator found their way back to the conversation alone.
 * The conversation gives its title the focus as it opens, before its messages are drawn: Retry takes it
 * from there, from the page's body, or from `leaving` (the button that saved); focus put elsewhere stays.
 */
export function backToConversation(inboxId: string): void {
  const leaving = document.activeElement
  navigate({ name: 'inbox', inboxId })
  const until = Date.now() + WAIT_MS
  const check = () => {
    if (typeof document === 'undefined') return
    const el = document.activeElement
    const free = !el || el === document.body || el === leaving || !el.isConnected || el.matches('[data-testid="inbox-title"]')
    if (!free) return
    const retry = lastRetry()
    if (retry) return retry.focus()
    if (Date.now() < until) setTimeout(check, 50)
  }
  setTimeout(check, 0)
}
